#!/usr/bin/env bash
# Fetch the day's ULog/rosout logs from each field rover's HTTPS log endpoint
# into ./field_logs/<date>/<rover>, verify checksums and build an index.
# Rover list comes from rovers.txt (one "name host" pair per line).
set -euo pipefail

ROVER_LIST="${ROVER_LIST:-rovers.txt}"
DAY="${1:-$(date +%Y-%m-%d)}"
OUT_ROOT="field_logs/${DAY}"
CACHE_DIR=".fetch_cache"
CURL_OPTS=(--fail --silent --show-error --max-time 60 --retry 2)

log() { printf '[%s] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }

usage() {
    echo "usage: $0 [YYYY-MM-DD]" >&2
    echo "  ROVER_LIST=file   rover inventory (default rovers.txt)" >&2
    exit 1
}

[[ "${1:-}" == "-h" || "${1:-}" == "--help" ]] && usage
[[ -r "$ROVER_LIST" ]] || { log "cannot read $ROVER_LIST"; exit 1; }

mkdir -p "$OUT_ROOT" "$CACHE_DIR"

fetch_manifest() {
    local host="$1" dest="$2"
    curl "${CURL_OPTS[@]}" "https://${host}/logs/${DAY}/manifest.txt" -o "$dest"
}

fetch_one() {
    local host="$1" name="$2" file="$3" sum="$4" dir="$5"
    local target="${dir}/${file}"
    if [[ -f "$target" ]] && echo "${sum}  ${target}" | sha256sum --check --status; then
        log "  ${file} already present"
        return 0
    fi
    if ! curl "${CURL_OPTS[@]}" "https://${host}/logs/${DAY}/${file}" -o "${target}.part"; then
        log "  ${name}: download failed for ${file}"
        rm -f "${target}.part"
        return 1
    fi
    mv "${target}.part" "$target"
    if ! echo "${sum}  ${target}" | sha256sum --check --status; then
        log "  ${name}: checksum mismatch on ${file}"
        return 1
    fi
}

errors=0
while read -r name host; do
    [[ -z "${name}" || "${name}" == \#* ]] && continue
    log "rover ${name} (${host})"
    dir="${OUT_ROOT}/${name}"
    mkdir -p "$dir"
    manifest="${CACHE_DIR}/${name}-${DAY}.manifest"
    if ! fetch_manifest "$host" "$manifest"; then
        log "  no manifest, rover offline?"
        errors=$((errors + 1))
        continue
    fi
    while read -r sum file; do
        [[ -n "$file" ]] || continue
        fetch_one "$host" "$name" "$file" "$sum" "$dir" || errors=$((errors + 1))
    done < "$manifest"
done < "$ROVER_LIST"

# Build a simple index of what we have for the day
{
    echo "# logs for ${DAY}"
    find "$OUT_ROOT" -type f \( -name '*.ulg' -o -name '*.log' \) -printf '%P\t%s\n' | sort
} > "${OUT_ROOT}/INDEX.tsv"

# our own manifest cache is only needed during the run
rm -rf "$CACHE_DIR"

log "done: $(wc -l < "${OUT_ROOT}/INDEX.tsv") index lines, ${errors} errors"
exit $(( errors > 0 ))
