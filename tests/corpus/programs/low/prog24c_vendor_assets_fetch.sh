#!/usr/bin/env bash
# scripts/fetch-vendor-assets.sh
#
# Downloads the pinned third-party front-end assets (fonts, icon sets, the
# pdf.js viewer bundle) listed in vendor.lock and verifies their SHA-256
# before they are committed to ./vendor. The files are only stored; the web
# build picks them up later.
#
# vendor.lock format, one asset per line:
#   <sha256>  <relative/target/path>  <url>

set -euo pipefail

LOCK_FILE=${LOCK_FILE:-vendor.lock}
VENDOR_DIR=${VENDOR_DIR:-vendor}
RETRIES=3
FORCE=0
CURL=(curl --fail --location --silent --show-error --connect-timeout 10 --max-time 120)

log() { printf '%s %-5s %s\n' "$(date +%T)" "$1" "${*:2}"; }

cleanup_partials() {
    find "$VENDOR_DIR" -name '*.part' -type f -delete 2>/dev/null || true
}
trap cleanup_partials EXIT

usage() {
    echo "usage: $0 [-f] [-l lockfile]" >&2
    echo "  -f  re-download even when the file already matches" >&2
}

while getopts ":fl:" o; do
    case "$o" in
        f) FORCE=1 ;;
        l) LOCK_FILE=$OPTARG ;;
        *) usage; exit 64 ;;
    esac
done

[[ -r $LOCK_FILE ]] || { log ERROR "cannot read ${LOCK_FILE}"; exit 1; }

sha_of() {
    sha256sum "$1" | awk '{print $1}'
}

fetch() {
    local url=$1 dest=$2 attempt
    for (( attempt = 1; attempt <= RETRIES; attempt++ )); do
        if "${CURL[@]}" --output "$dest" "$url"; then
            return 0
        fi
        log WARN "attempt ${attempt}/${RETRIES} failed for ${url}"
        sleep $(( attempt * 2 ))
    done
    return 1
}

ok=0 skipped=0 failed=0
while read -r want rel url; do
    # skip comments and blank lines
    [[ -z ${want:-} || $want == \#* ]] && continue

    case $rel in
        /*|*..*) log ERROR "refusing path outside vendor dir: ${rel}"; failed=$((failed+1)); continue ;;
    esac
    case $url in
        https://*) ;;
        *) log ERROR "only https sources allowed: ${url}"; failed=$((failed+1)); continue ;;
    esac

    target="${VENDOR_DIR}/${rel}"
    mkdir -p "$(dirname "$target")"

    if [[ -f $target && $FORCE -eq 0 && $(sha_of "$target") == "$want" ]]; then
        skipped=$((skipped + 1))
        continue
    fi

    log INFO "fetching ${rel}"
    if ! fetch "$url" "${target}.part"; then
        log ERROR "download failed: ${url}"
        failed=$((failed + 1))
        continue
    fi

    got=$(sha_of "${target}.part")
    if [[ $got != "$want" ]]; then
        log ERROR "checksum mismatch for ${rel}: expected ${want}, got ${got}"
        rm -f "${target}.part"
        failed=$((failed + 1))
        continue
    fi

    mv -f "${target}.part" "$target"
    chmod 0644 "$target"
    ok=$((ok + 1))
done < "$LOCK_FILE"

log INFO "downloaded=${ok} up-to-date=${skipped} failed=${failed}"
(( failed == 0 ))
