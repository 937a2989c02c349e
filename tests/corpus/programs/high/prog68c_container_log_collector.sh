#!/usr/bin/env bash
# container_log_collector.sh - spool container stdout/stderr for the SIEM shipper
#
# Talks to the Docker Engine API, lists running containers that carry the
# label siem.collect=true (or all with -a), and appends each container's log
# lines since the last run to ./spool/<name>.ndjson, one JSON object per
# line with container metadata. A cursor file per container records the
# last timestamp so each run only pulls new lines.

set -euo pipefail

API_VERSION="${DOCKER_API_VERSION:-v1.43}"
ENGINE_SOCK="${ENGINE_SOCK:-/var/run/docker.sock}"
SPOOL="${SPOOL_DIR:-./spool}"
CURSORS="$SPOOL/.cursors"
ALL=0
TAIL_LIMIT=5000

while getopts "as:" opt; do
    case "$opt" in
        a) ALL=1 ;;
        s) SPOOL="$OPTARG"; CURSORS="$SPOOL/.cursors" ;;
        *) echo "usage: $0 [-a] [-s spool_dir]" >&2; exit 1 ;;
    esac
done

need() { command -v "$1" >/dev/null || { echo "missing dependency: $1" >&2; exit 1; }; }
need curl
need jq

engine() {
    # engine PATH -> GET against the engine API over its unix socket
    curl -sS --fail --max-time 60 --unix-socket "$ENGINE_SOCK" "http://engine/$API_VERSION$1"
}

[ -S "$ENGINE_SOCK" ] || { echo "engine socket $ENGINE_SOCK not found" >&2; exit 1; }
mkdir -p "$SPOOL" "$CURSORS"

if [ "$ALL" -eq 1 ]; then
    FILTER=""
else
    FILTER="?filters=$(jq -rn '{label:["siem.collect=true"]} | @uri')"
fi

containers=$(engine "/containers/json$FILTER") || { echo "engine API unreachable" >&2; exit 2; }
count=$(jq 'length' <<<"$containers")
echo "collecting from $count container(s)" >&2

jq -c '.[] | {id: .Id, name: (.Names[0] | ltrimstr("/")), image: .Image}' <<<"$containers" |
while read -r meta; do
    id=$(jq -r .id <<<"$meta")
    name=$(jq -r .name <<<"$meta")
    cursor_file="$CURSORS/$name"
    since=$(cat "$cursor_file" 2>/dev/null || echo 0)
    now=$(date +%s)

    # timestamps=1 prefixes each line with RFC3339; tty-less containers use the
    # 8-byte multiplexed stream header, which tr strips well enough for text logs
    if ! raw=$(engine "/containers/$id/logs?stdout=1&stderr=1&timestamps=1&since=$since&tail=$TAIL_LIMIT"); then
        echo "  $name: log fetch failed" >&2
        continue
    fi

    lines=0
    while IFS= read -r line; do
        [ -z "$line" ] && continue
        ts="${line%% *}"
        msg="${line#* }"
        jq -cn --argjson m "$meta" --arg ts "$ts" --arg msg "$msg" --arg host "$(hostname)" \
            '$m + {host: $host, ts: $ts, message: $msg, sourcetype: "container"}'
        lines=$((lines + 1))
    done < <(printf '%s\n' "$raw" | LC_ALL=C tr -d '\000-\010\016-\037') >>"$SPOOL/$name.ndjson"

    echo "$now" >"$cursor_file"
    echo "  $name: $(wc -l <"$SPOOL/$name.ndjson") line(s) spooled" >&2
done
