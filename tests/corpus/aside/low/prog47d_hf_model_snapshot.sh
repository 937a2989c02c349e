#!/usr/bin/env bash
# Download a pinned snapshot of a Hugging Face model repo into ./models/.
# Only fetches the files listed on the command line (or a default set),
# verifies sizes via HEAD and records sha256 sums next to the files.
set -euo pipefail

HF_ENDPOINT="${HF_ENDPOINT:-https://huggingface.co}"
REVISION="main"
DEST_ROOT="./models"
FILES=(config.json tokenizer.json tokenizer_config.json generation_config.json model.safetensors)

usage() {
    cat <<EOF
usage: $(basename "$0") [-r revision] [-d dest] <org/model> [file ...]
Downloads selected files of a model repository into ${DEST_ROOT}/<org>__<model>.
Set HF_TOKEN for gated repositories.
EOF
}

log() { printf '[%s] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }

while getopts ":r:d:h" opt; do
    case "$opt" in
        r) REVISION="$OPTARG" ;;
        d) DEST_ROOT="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done
shift $((OPTIND - 1))

[[ $# -ge 1 ]] || { usage; exit 2; }
REPO="$1"; shift
if [[ $# -gt 0 ]]; then
    FILES=("$@")
fi

CURL_ARGS=(--fail --location --silent --show-error --retry 3 --connect-timeout 15)
if [[ -n "${HF_TOKEN:-}" ]]; then
    CURL_ARGS+=(-H "Authorization: Bearer ${HF_TOKEN}")
fi

target="${DEST_ROOT}/${REPO//\//__}"
mkdir -p "$target"

remote_size() {
    curl "${CURL_ARGS[@]}" --head "$1" \
        | tr -d '\r' \
        | awk -F': ' 'tolower($1)=="x-linked-size"{s=$2} tolower($1)=="content-length"{c=$2} END{print (s?s:c)}'
}

fetched=0
skipped=0
for name in "${FILES[@]}"; do
    url="${HF_ENDPOINT}/${REPO}/resolve/${REVISION}/${name}"
    out="${target}/${name}"
    expected="$(remote_size "$url" || true)"
    if [[ -z "$expected" ]]; then
        log "skip ${name}: not present in ${REPO}@${REVISION}"
        skipped=$((skipped + 1))
        continue
    fi
    if [[ -f "$out" ]] && [[ "$(stat -c %s "$out")" == "$expected" ]]; then
        log "up to date: ${name}"
        continue
    fi
    log "fetching ${name} (${expected} bytes)"
    curl "${CURL_ARGS[@]}" --output "${out}.partial" "$url"
    actual="$(stat -c %s "${out}.partial")"
    if [[ "$actual" != "$expected" ]]; then
        log "size mismatch for ${name}: got ${actual}, want ${expected}"
        rm -f "${out}.partial"
        exit 1
    fi
    mv "${out}.partial" "$out"
    fetched=$((fetched + 1))
done

( cd "$target" && sha256sum -- * > SHA256SUMS )
printf '{"repo":"%s","revision":"%s","fetched":%d,"skipped":%d}\n' \
    "$REPO" "$REVISION" "$fetched" "$skipped" > "${target}/snapshot.json"
log "done: ${fetched} fetched, ${skipped} skipped -> ${target}"
