#!/usr/bin/env bash
# Snapshot the filesystems of running containers that carry a given label,
# talking to the Docker Engine API directly over its unix socket (no docker
# CLI on the audit hosts). Archives land in ./snapshots for offline diffing.
set -euo pipefail

SOCK="${DOCKER_SOCK:-/var/run/docker.sock}"
API="http://localhost/v1.43"
LABEL="${1:-audit.snapshot=true}"
OUT="./snapshots/$(date +%Y%m%d-%H%M%S)"
MAX_MB="${MAX_MB:-2048}"

say() { printf '%s %s\n' "$(date +%T)" "$*" >&2; }

api() {
    curl -sS --fail --unix-socket "$SOCK" "$@"
}

[[ -S "$SOCK" ]] || { say "docker socket $SOCK not found"; exit 1; }
command -v jq >/dev/null || { say "jq is required"; exit 1; }

filters=$(jq -cn --arg l "$LABEL" '{label: [$l], status: ["running"]}')
containers=$(api -G "$API/containers/json" --data-urlencode "filters=$filters")
count=$(jq 'length' <<<"$containers")
if [[ "$count" -eq 0 ]]; then
    say "no running containers with label $LABEL"
    exit 0
fi
mkdir -p "$OUT"
say "$count container(s) to snapshot into $OUT"

snapshot() {
    local id=$1 name=$2 dest="$OUT/$2.tar"
    say "exporting $name (${id:0:12})"
    api -o "$dest.part" "$API/containers/$id/export"
    local size_mb=$(( $(stat -c %s "$dest.part") / 1024 / 1024 ))
    if (( size_mb > MAX_MB )); then
        say "$name is ${size_mb}MB, over limit; discarded"
        rm -f "$dest.part"
        return 1
    fi
    mv "$dest.part" "$dest"
    # record image + config next to the archive for later comparison
    api "$API/containers/$id/json" \
        | jq '{Name, Image: .Config.Image, Created, Env: (.Config.Env|length), Mounts: [.Mounts[].Destination]}' \
        > "$OUT/$name.meta.json"
    tar -tf "$dest" | sort > "$OUT/$name.files"
    printf '%s\t%s\t%s\n' "$name" "$size_mb" "$(wc -l < "$OUT/$name.files")" >> "$OUT/index.tsv"
}

failed=0
while IFS=$'\t' read -r id name; do
    snapshot "$id" "${name#/}" || failed=$((failed + 1))
done < <(jq -r '.[] | [.Id, .Names[0]] | @tsv' <<<"$containers")

say "done: $((count - failed)) ok, $failed failed"
column -t "$OUT/index.tsv" 2>/dev/null || cat "$OUT/index.tsv"

# keep only the most recent KEEP snapshot runs in ./snapshots
KEEP="${KEEP:-5}"
ls -1d ./snapshots/*/ 2>/dev/null | sort | head -n -"$KEEP" | while read -r old; do
    say "pruning old snapshot $old"
    rm -rf -- "$old"
done
