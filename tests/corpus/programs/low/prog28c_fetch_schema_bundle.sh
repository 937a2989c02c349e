#!/usr/bin/env bash
# fetch_schema_bundle.sh
#
# Download the pinned protobuf / OpenAPI schema files the services are built
# against. Every file is listed in schemas.lock together with its SHA-256, so
# a build never picks up an unreviewed schema change.
#
# schemas.lock format (whitespace separated):
#   <sha256>  <url>  <destination path relative to third_party/schemas>
set -euo pipefail
shopt -s nullglob

SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
LOCK_FILE="${SCRIPT_DIR}/schemas.lock"
DEST_ROOT="${SCRIPT_DIR}/third_party/schemas"
FORCE=0
CHECK_ONLY=0

# Optional overrides (mirror URL, proxy settings) live in .fetch.env
if [[ -f "${SCRIPT_DIR}/.fetch.env" ]]; then
    # shellcheck source=/dev/null
    source "${SCRIPT_DIR}/.fetch.env"
fi
SCHEMA_MIRROR="${SCHEMA_MIRROR:-}"

info() { printf '\033[1;34m==>\033[0m %s\n' "$*"; }
warn() { printf '\033[1;33mwarn:\033[0m %s\n' "$*" >&2; }
fail() { printf '\033[1;31merror:\033[0m %s\n' "$*" >&2; exit 1; }

usage() {
    cat <<'EOF'
fetch_schema_bundle.sh [-l lockfile] [-d dest] [-f] [-c]
  -l  lock file (default: schemas.lock next to this script)
  -d  destination root (default: third_party/schemas)
  -f  re-download even if the local copy matches
  -c  check only: verify existing files, download nothing
EOF
}

while getopts ":l:d:fch" opt; do
    case "$opt" in
        l) LOCK_FILE="$OPTARG" ;;
        d) DEST_ROOT="$OPTARG" ;;
        f) FORCE=1 ;;
        c) CHECK_ONLY=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

[[ -f "$LOCK_FILE" ]] || fail "lock file not found: $LOCK_FILE"
mkdir -p "$DEST_ROOT"

partials=()
on_exit() {
    local p
    for p in "${partials[@]}"; do rm -f -- "$p"; done
}
trap on_exit EXIT

sha_of() { sha256sum "$1" | cut -d' ' -f1; }

safe_relpath() {
    case "$1" in
        /*|*..*|'') return 1 ;;
        *) return 0 ;;
    esac
}

apply_mirror() {
    local url="$1"
    if [[ -n "$SCHEMA_MIRROR" ]]; then
        printf '%s/%s\n' "${SCHEMA_MIRROR%/}" "${url#https://}"
    else
        printf '%s\n' "$url"
    fi
}

fetched=0 verified=0 bad=0
while read -r want url rel; do
    [[ -z "${want:-}" || "${want:0:1}" == "#" ]] && continue
    safe_relpath "$rel" || fail "refusing destination path '$rel'"
    target="${DEST_ROOT}/${rel}"

    if [[ -f "$target" && $FORCE -eq 0 ]]; then
        if [[ "$(sha_of "$target")" == "$want" ]]; then
            verified=$((verified + 1))
            continue
        fi
        warn "$rel does not match the lock file"
        if [[ $CHECK_ONLY -eq 1 ]]; then bad=$((bad + 1)); continue; fi
    elif [[ $CHECK_ONLY -eq 1 ]]; then
        warn "$rel is missing"
        bad=$((bad + 1))
        continue
    fi

    mkdir -p "$(dirname "$target")"
    part="${target}.part"
    partials+=("$part")
    info "fetching $rel"
    curl -fsSL --retry 3 --connect-timeout 10 --max-time 120 \
        -o "$part" "$(apply_mirror "$url")"

    got="$(sha_of "$part")"
    if [[ "$got" != "$want" ]]; then
        warn "checksum mismatch for $rel (expected $want, got $got)"
        rm -f -- "$part"
        bad=$((bad + 1))
        continue
    fi
    mv -f -- "$part" "$target"
    chmod 0644 "$target"
    fetched=$((fetched + 1))
done < "$LOCK_FILE"

info "schemas: ${fetched} fetched, ${verified} already current, ${bad} problems"
(( bad == 0 )) || fail "schema bundle incomplete"
