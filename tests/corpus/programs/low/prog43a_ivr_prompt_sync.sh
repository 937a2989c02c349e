#!/usr/bin/env bash
# Sync IVR / voicemail prompt recordings listed in prompts.manifest from the
# studio CDN into ./prompts, verifying checksums. Stale downloads in the
# local cache are pruned afterwards.
#
# manifest format:  <sha256>  <language>/<file>.wav
set -euo pipefail

PROMPT_BASE_URL="${PROMPT_BASE_URL:-https://prompts.voicestudio.example.com/pbx}"
MANIFEST="${1:-prompts.manifest}"
DEST_DIR="./prompts"
CACHE_DIR="./.prompt-cache"
MAX_CACHE_AGE_DAYS=14
CURL_OPTS=(--fail --silent --show-error --location --max-time 60 --retry 3)

log() { printf '%s [prompt-sync] %s\n' "$(date '+%H:%M:%S')" "$*" >&2; }

die() { log "ERROR: $*"; exit 1; }

check_remote() {
    local code
    code=$(curl --head "${CURL_OPTS[@]}" -o /dev/null -w '%{http_code}' \
        "${PROMPT_BASE_URL}/index.txt" || true)
    [[ "$code" == "200" ]] || die "CDN not reachable (HTTP ${code:-none})"
}

fetch_prompt() {
    local sum="$1" rel="$2"
    local cached="${CACHE_DIR}/${sum}.wav"
    local target="${DEST_DIR}/${rel}"

    if [[ -f "$target" ]] && echo "${sum}  ${target}" | sha256sum --check --status; then
        return 0
    fi
    if [[ ! -f "$cached" ]]; then
        log "downloading ${rel}"
        curl "${CURL_OPTS[@]}" -o "${cached}.part" "${PROMPT_BASE_URL}/${rel}" \
            || { rm -f "${cached}.part"; return 1; }
        mv "${cached}.part" "$cached"
    fi
    if ! echo "${sum}  ${cached}" | sha256sum --check --status; then
        log "checksum mismatch for ${rel}, discarding"
        rm -f "$cached"
        return 1
    fi
    mkdir -p "$(dirname "$target")"
    cp "$cached" "$target"
}

prune_cache() {
    local removed
    removed=$(find "$CACHE_DIR" -type f \( -name '*.wav' -o -name '*.part' \) \
        -mtime +"$MAX_CACHE_AGE_DAYS" -print -delete | wc -l)
    log "pruned ${removed} stale cache files"
}

main() {
    [[ -r "$MANIFEST" ]] || die "manifest ${MANIFEST} not found"
    mkdir -p "$DEST_DIR" "$CACHE_DIR"
    check_remote

    local ok=0 failed=0 sum rel
    while read -r sum rel; do
        [[ -z "$sum" || "$sum" == \#* ]] && continue
        if [[ "$rel" == *..* || "$rel" == /* ]]; then
            log "refusing suspicious path ${rel}"
            failed=$((failed + 1))
            continue
        fi
        if fetch_prompt "$sum" "$rel"; then
            ok=$((ok + 1))
        else
            failed=$((failed + 1))
        fi
    done < "$MANIFEST"

    prune_cache
    log "done: ${ok} prompts in place, ${failed} failed"
    [[ "$failed" -eq 0 ]]
}

main "$@"
