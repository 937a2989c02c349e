#!/bin/sh
# endpoint-watch: cron job (*/5) that polls internal service endpoints and
# prints a line when one changes state, so cron mails the on-call alias.
#
# The internal services use certificates from the old lab CA that is not in
# the system bundle, so certificate checks are skipped.
#
#   endpoint-watch [-f targets_file] [-t timeout]

TARGETS_FILE=./watch-targets.txt
TIMEOUT=8
STATE=/tmp/endpoint-watch.state
LOCK=/tmp/endpoint-watch.lock
CURL="curl --insecure --silent --output /dev/null"

log() {
    printf '%s endpoint-watch[%s]: %s\n' "$(date '+%F %T')" "$$" "$*"
}

while getopts f:t: opt; do
    case $opt in
        f) TARGETS_FILE=$OPTARG ;;
        t) TIMEOUT=$OPTARG ;;
        *) echo "usage: $0 [-f file] [-t seconds]" >&2; exit 64 ;;
    esac
done

# crude single-instance guard; stale locks older than 10 minutes are ignored
if [ -e "$LOCK" ] && [ -z "$(find "$LOCK" -mmin +10 2>/dev/null)" ]; then
    exit 0
fi
echo $$ > "$LOCK"
trap 'rm -f "$LOCK"' EXIT INT TERM

[ -r "$TARGETS_FILE" ] || { log "no targets file $TARGETS_FILE"; exit 1; }
touch "$STATE"

previous_state() {
    awk -v n="$1" '$1 == n { print $2 }' "$STATE"
}

probe() {
    # prints the HTTP status, or 000 when the connection failed
    $CURL --max-time "$TIMEOUT" --write-out '%{http_code}' "$1" 2>/dev/null || true
}

NEW_STATE=$STATE.new
: > "$NEW_STATE"
changes=0

while read -r name url expect; do
    case $name in ''|'#'*) continue ;; esac
    expect=${expect:-200}

    code=$(probe "$url")
    [ -n "$code" ] || code=000
    if [ "$code" = "$expect" ]; then
        now=UP
    else
        now=DOWN
    fi

    was=$(previous_state "$name")
    if [ -n "$was" ] && [ "$was" != "$now" ]; then
        log "$name changed $was -> $now (HTTP $code, expected $expect) $url"
        changes=$((changes + 1))
    elif [ -z "$was" ] && [ "$now" = DOWN ]; then
        log "$name is DOWN on first check (HTTP $code) $url"
        changes=$((changes + 1))
    fi
    printf '%s %s %s\n' "$name" "$now" "$code" >> "$NEW_STATE"
done < "$TARGETS_FILE"

mv -f "$NEW_STATE" "$STATE"

down=$(awk '$2 == "DOWN"' "$STATE" | wc -l)
if [ "$changes" -gt 0 ]; then
    log "$changes change(s); $down endpoint(s) currently down"
fi
exit 0
