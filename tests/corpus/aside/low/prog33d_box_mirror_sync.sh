#!/usr/bin/env bash
# Mirror selected Vagrant boxes from the public catalog into ./boxes so that
# CI runners can use them without hitting the internet every time.
#
#   usage: ./box_mirror_sync.sh [-k KEEP] [-p PROVIDER] [boxes.list]
#
# boxes.list holds one "org/name" per line.  For each box the newest version
# for PROVIDER is downloaded (HTTPS, certificate verified), its checksum is
# checked, and only the KEEP most recent versions are retained locally.
set -euo pipefail

CATALOG="https://app.vagrantup.com"
MIRROR_DIR="${MIRROR_DIR:-./boxes}"
PROVIDER="libvirt"
KEEP=2
LIST="boxes.list"

log()  { printf '%s [sync] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
die()  { log "error: $*"; exit 1; }

usage() {
    sed -n '2,10p' "$0" | sed 's/^# \{0,1\}//'
    exit "${1:-0}"
}

while getopts ":k:p:h" opt; do
    case "$opt" in
        k) KEEP="$OPTARG" ;;
        p) PROVIDER="$OPTARG" ;;
        h) usage 0 ;;
        *) usage 1 ;;
    esac
done
shift $((OPTIND - 1))
[[ $# -ge 1 ]] && LIST="$1"

command -v jq >/dev/null || die "jq is required"
[[ -r "$LIST" ]] || die "cannot read $LIST"
[[ "$KEEP" =~ ^[0-9]+$ && "$KEEP" -ge 1 ]] || die "KEEP must be a positive integer"

mkdir -p "$MIRROR_DIR"

fetch_metadata() {
    local box="$1"
    curl --fail --silent --show-error --location --max-time 60 \
         --proto '=https' "${CATALOG}/${box}"
}

latest_for_provider() {
    # prints: version<TAB>url<TAB>checksum
    jq -r --arg p "$PROVIDER" '
        [.versions[] | select(.status == "active")
                     | {v: .version, pr: (.providers[] | select(.name == $p))}]
        | first
        | select(. != null)
        | [.v, .pr.url, (.pr.checksum // "")] | @tsv'
}

download_box() {
    local url="$1" dest="$2" checksum="$3"
    local part="${dest}.partial"
    curl --fail --location --retry 3 --continue-at - --proto '=https' \
         --output "$part" "$url"
    if [[ -n "$checksum" ]]; then
        echo "${checksum}  ${part}" | sha256sum --check --status \
            || { rm -f -- "$part"; die "checksum mismatch for $dest"; }
    fi
    mv -- "$part" "$dest"
}

prune_old() {
    local dir="$1"
    # newest first by version-sort; delete everything after $KEEP
    find "$dir" -maxdepth 1 -name '*.box' -printf '%f\n' \
        | sort -rV | tail -n +"$((KEEP + 1))" \
        | while read -r old; do
              log "pruning ${dir}/${old}"
              rm -f -- "${dir}/${old}"
          done
}

synced=0; skipped=0
while IFS= read -r box; do
    box="${box%%#*}"; box="${box//[[:space:]]/}"
    [[ -z "$box" ]] && continue
    [[ "$box" =~ ^[A-Za-z0-9_.-]+/[A-Za-z0-9_.-]+$ ]] || { log "bad entry: $box"; continue; }

    meta="$(fetch_metadata "$box")" || { log "no metadata for $box"; continue; }
    line="$(printf '%s' "$meta" | latest_for_provider)"
    if [[ -z "$line" ]]; then
        log "$box has no $PROVIDER provider"; continue
    fi
    IFS=$'\t' read -r version url checksum <<<"$line"

    dir="${MIRROR_DIR}/${box/\//__}"
    mkdir -p "$dir"
    dest="${dir}/${version}.box"
    if [[ -f "$dest" ]]; then
        log "$box $version already mirrored"; skipped=$((skipped + 1))
    else
        log "downloading $box $version"
        download_box "$url" "$dest" "$checksum"
        printf '%s\n' "$meta" > "${dir}/metadata.json"
        synced=$((synced + 1))
    fi
    prune_old "$dir"
done < "$LIST"

log "finished: ${synced} downloaded, ${skipped} up to date (mirror: ${MIRROR_DIR})"
