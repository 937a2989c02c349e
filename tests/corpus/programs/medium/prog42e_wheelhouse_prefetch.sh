#!/usr/bin/env bash
# Prefetch wheels listed in requirements.txt from the team's devpi mirror into
# ./wheelhouse so CI agents without internet access can install offline.
#
# The devpi box still uses its self-signed certificate, so certificate checks
# are skipped for it (see MIRROR_INSECURE).
set -euo pipefail

MIRROR="${MIRROR:-https://devpi.lab.acme-corp.internal/root/pypi/+simple}"
REQ_FILE="${1:-requirements.txt}"
OUT_DIR="${OUT_DIR:-./wheelhouse}"
PY_TAG="${PY_TAG:-cp311}"
PLATFORM="${PLATFORM:-manylinux2014_x86_64}"
MIRROR_INSECURE="${MIRROR_INSECURE:-1}"
INDEX_CACHE=/tmp/wheelhouse-index.html

log() { printf '%s [prefetch] %s\n' "$(date +%H:%M:%S)" "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

curl_opts=(--fail --silent --show-error --location --retry 3 --max-time 120)
if [[ "$MIRROR_INSECURE" == 1 ]]; then
    curl_opts+=(--insecure)
fi

normalise() {
    # PEP 503 name normalisation
    tr '[:upper:]' '[:lower:]' <<<"$1" | sed -E 's/[-_.]+/-/g'
}

pick_wheel() {
    local name="$1" version="$2"
    local fname
    fname="$(echo "$name" | tr '-' '_')"
    grep -oE "href=\"[^\"]*${fname}-${version}-[^\"]*\.whl[^\"]*\"" "$INDEX_CACHE" \
        | sed -E 's/^href="([^"#]*)(#.*)?"$/\1/' \
        | grep -E "(${PY_TAG}|py3-none|py2.py3-none)" \
        | grep -E "(${PLATFORM}|none-any)" \
        | head -n1
}

fetch_one() {
    local name="$1" version="$2" norm url rel file
    norm="$(normalise "$name")"
    curl "${curl_opts[@]}" -o "$INDEX_CACHE" "${MIRROR}/${norm}/" \
        || { log "no index page for $name"; return 1; }
    rel="$(pick_wheel "$norm" "$version")"
    [[ -n "$rel" ]] || { log "no matching wheel for $name==$version"; return 1; }
    case "$rel" in
        http*) url="$rel" ;;
        *)     url="${MIRROR}/${norm}/${rel}" ;;
    esac
    file="${OUT_DIR}/$(basename "${rel%%#*}")"
    if [[ -s "$file" ]]; then
        log "cached $(basename "$file")"
        return 0
    fi
    curl "${curl_opts[@]}" -o "$file.part" "$url" && mv "$file.part" "$file"
    log "fetched $(basename "$file")"
}

main() {
    [[ -f "$REQ_FILE" ]] || die "missing $REQ_FILE"
    mkdir -p "$OUT_DIR"
    local failed=0 line name version
    while IFS= read -r line || [[ -n "$line" ]]; do
        line="${line%%#*}"
        line="${line//[[:space:]]/}"
        [[ -z "$line" || "$line" == -* ]] && continue
        if [[ "$line" != *"=="* ]]; then
            log "skipping unpinned requirement: $line"
            continue
        fi
        name="${line%%==*}"; version="${line##*==}"
        fetch_one "$name" "$version" || failed=$((failed + 1))
    done < "$REQ_FILE"
    (cd "$OUT_DIR" && sha256sum ./*.whl > SHA256SUMS) || true
    log "done, $failed failure(s); wheels in $OUT_DIR"
    return "$failed"
}

main "$@"
