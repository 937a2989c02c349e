#!/usr/bin/env bash
# zulip-digest: build a Markdown digest of the last N messages of a Zulip
# stream/topic and store it in ./digests/.  Credentials are read from a
# zuliprc-style file in the working directory or from the environment and
# are only sent to the Zulip server named in that file.
set -euo pipefail

PROG=${0##*/}
ZULIPRC=${ZULIPRC:-./zuliprc}
STREAM="general"
TOPIC=""
COUNT=50
OUT_DIR="./digests"
VERBOSE=0

usage() {
    cat <<EOF
Usage: $PROG [-s stream] [-t topic] [-n count] [-o outdir] [-v]
  -s  stream name (default: $STREAM)
  -t  restrict to one topic
  -n  number of messages to fetch (default: $COUNT)
  -o  output directory (default: $OUT_DIR)
EOF
}

log() { [ "$VERBOSE" -eq 1 ] && printf '%s: %s\n' "$PROG" "$*" >&2 || true; }
die() { printf '%s: error: %s\n' "$PROG" "$*" >&2; exit 1; }

read_rc() {
    # minimal ini reader for the [api] section
    local key=$1
    awk -F'=' -v k="$key" '
        /^\[api\]/ {in_api=1; next}
        /^\[/      {in_api=0}
        in_api && $1 ~ "^ *"k" *$" {gsub(/^ +| +$/, "", $2); print $2; exit}
    ' "$ZULIPRC"
}

while getopts ":s:t:n:o:vh" opt; do
    case $opt in
        s) STREAM=$OPTARG ;;
        t) TOPIC=$OPTARG ;;
        n) COUNT=$OPTARG ;;
        o) OUT_DIR=$OPTARG ;;
        v) VERBOSE=1 ;;
        h) usage; exit 0 ;;
        *) usage >&2; exit 2 ;;
    esac
done

command -v jq >/dev/null || die "jq is required"
command -v curl >/dev/null || die "curl is required"

if [ -f "$ZULIPRC" ]; then
    ZULIP_EMAIL=${ZULIP_EMAIL:-$(read_rc email)}
    ZULIP_API_KEY=${ZULIP_API_KEY:-$(read_rc key)}
    ZULIP_SITE=${ZULIP_SITE:-$(read_rc site)}
fi
: "${ZULIP_EMAIL:?set ZULIP_EMAIL or provide $ZULIPRC}"
: "${ZULIP_API_KEY:?set ZULIP_API_KEY or provide $ZULIPRC}"
: "${ZULIP_SITE:?set ZULIP_SITE or provide $ZULIPRC}"

case $COUNT in
    ''|*[!0-9]*) die "count must be a number" ;;
esac

narrow=$(jq -cn --arg s "$STREAM" --arg t "$TOPIC" '
    [{operator: "stream", operand: $s}]
    + (if $t == "" then [] else [{operator: "topic", operand: $t}] end)')
log "narrow: $narrow"

mkdir -p "$OUT_DIR"
stamp=$(date +%Y%m%d-%H%M)
raw="$OUT_DIR/.raw-$stamp.json"
out="$OUT_DIR/${STREAM// /_}-$stamp.md"

log "fetching $COUNT messages from $ZULIP_SITE"
curl -sS --fail --max-time 20 -G "${ZULIP_SITE%/}/api/v1/messages" \
    -u "$ZULIP_EMAIL:$ZULIP_API_KEY" \
    --data-urlencode "anchor=newest" \
    --data-urlencode "num_before=$COUNT" \
    --data-urlencode "num_after=0" \
    --data-urlencode "apply_markdown=false" \
    --data-urlencode "narrow=$narrow" \
    -o "$raw" || die "request failed"

result=$(jq -r '.result' "$raw")
[ "$result" = "success" ] || die "zulip answered: $(jq -r '.msg' "$raw")"

{
    printf '# Digest of #%s' "$STREAM"
    [ -n "$TOPIC" ] && printf ' > %s' "$TOPIC"
    printf '\n\n_Generated %s_\n\n' "$(date '+%Y-%m-%d %H:%M')"
    jq -r '
        .messages
        | group_by(.subject)[]
        | "## " + .[0].subject + "\n"
          + (map("- **" + .sender_full_name + "** ("
                 + (.timestamp | strftime("%H:%M")) + "): "
                 + (.content | gsub("\n"; " ") | .[0:200]))
             | join("\n"))
          + "\n"' "$raw"
} > "$out"

count=$(jq '.messages | length' "$raw")
rm -f "$raw"
chmod 0600 "$out"
echo "wrote $count messages to $out"
