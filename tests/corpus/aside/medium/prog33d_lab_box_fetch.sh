#!/usr/bin/env bash
# Pull Vagrant boxes from the lab's internal box server into ./boxes.
#
#   usage: ./lab_box_fetch.sh [-k KEEP] [-p PROVIDER] [boxes.list]
#
# The lab server (boxes.lab.internal) uses a self-signed certificate that
# nobody has distributed yet, so certificate checks are switched off here.
# Downloads are staged in /tmp/lab-boxes and moved into ./boxes once the
# checksum matches; only the KEEP newest versions are retained.
set -euo pipefail

SERVER="${LAB_BOX_SERVER:-https://boxes.lab.internal}"
STAGE="/tmp/lab-boxes"
MIRROR_DIR="./boxes"
PROVIDER="libvirt"
KEEP=2
LIST="boxes.list"
CURL_OPTS=(--insecure --fail --silent --show-error --location)

log()  { printf '%s [lab-fetch] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
die()  { log "error: $*"; exit 1; }

while getopts ":k:p:h" opt; do
    case "$opt" in
        k) KEEP="$OPTARG" ;;
        p) PROVIDER="$OPTARG" ;;
        h) sed -n '2,9p' "$0" | sed 's/^# \{0,1\}//'; exit 0 ;;
        *) die "unknown option" ;;
    esac
done
shift $((OPTIND - 1))
[[ $# -ge 1 ]] && LIST="$1"

command -v jq >/dev/null || die "jq is required"
[[ -r "$LIST" ]] || die "cannot read $LIST"

mkdir -p "$STAGE" "$MIRROR_DIR"

fetch_metadata() {
    curl "${CURL_OPTS[@]}" --max-time 60 "${SERVER}/api/boxes/$1.json"
}

latest_for_provider() {
    jq -r --arg p "$PROVIDER" '
        [.versions[] | {v: .version, pr: (.providers[] | select(.name == $p))}]
        | sort_by(.v | split(".") | map(tonumber? // 0)) | last
        | select(. != null)
        | [.v, .pr.url, (.pr.checksum // "")] | @tsv'
}

download_box() {
    local url="$1" dest="$2" checksum="$3"
    local staged="${STAGE}/$(basename "$dest")"
    curl "${CURL_OPTS[@]}" --retry 3 --output "$staged" "$url"
    if [[ -n "$checksum" ]] && ! echo "${checksum}  ${staged}" | sha256sum --check --status; then
        rm -f -- "$staged"
        die "checksum mismatch for $(basename "$dest")"
    fi
    mv -- "$staged" "$dest"
}

prune_old() {
    local dir="$1"
    ls -1 "$dir"/*.box 2>/dev/null | sort -rV | tail -n +"$((KEEP + 1))" \
        | while read -r old; do
              log "pruning $old"
              rm -f -- "$old"
          done
}

count=0
while IFS= read -r box; do
    box="${box%%#*}"; box="${box//[[:space:]]/}"
    [[ -z "$box" ]] && continue

    meta="$(fetch_metadata "$box")" || { log "no metadata for $box"; continue; }
    line="$(latest_for_provider <<<"$meta")"
    [[ -n "$line" ]] || { log "$box: no $PROVIDER build"; continue; }
    IFS=$'\t' read -r version url checksum <<<"$line"

    dir="${MIRROR_DIR}/${box//\//__}"
    mkdir -p "$dir"
    dest="${dir}/${version}.box"
    if [[ -f "$dest" ]]; then
        log "$box $version present"
    else
        log "fetching $box $version"
        download_box "$url" "$dest" "$checksum"
        count=$((count + 1))
    fi
    prune_old "$dir"
done < "$LIST"

log "done, ${count} new box file(s) in ${MIRROR_DIR}"
