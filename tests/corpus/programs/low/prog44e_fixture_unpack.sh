#!/usr/bin/env bash
# fixture_unpack.sh -- self-contained test fixture bundle.
# The CSV fixtures used by the integration tests are embedded below as a
# gzip+base64 blob so the repo does not need git-lfs. Run from the repo root.
set -euo pipefail

readonly PROG=${0##*/}
readonly DEST_DIR=${FIXTURE_DIR:-./tests/fixtures}
readonly TARGET_NAME=parts_inventory.csv
readonly EXPECTED_ROWS=5

log()  { printf '[%s] %s\n' "$PROG" "$*" >&2; }
die()  { log "error: $*"; exit 1; }

usage() {
    cat <<USAGE
Usage: $PROG [-f] [-c] [-h]
  -f   overwrite existing fixture
  -c   only check that the fixture is present and intact
  -h   show this help
Destination directory: \$FIXTURE_DIR (default ./tests/fixtures)
USAGE
}

# Payload: gzip-compressed CSV, base64 encoded. Data only, never executed.
read -r -d '' BLOB <<'B64' || true
H4sIAAAAAAACAyXNMQ7CMAyF4T2n8AEcZDtKd2BhYWJgrAqKIIKY0iZSe3uaMH//05tfBXVIAb95xaIx
9+MU78HsLRMxnsICt887w7lD8YS0Y/mbNNPSyFMl8uZgpc6uw/wME3Qp4ZY2E3O0rtplO9AHjFHBLULI
Ut2x+QErkAbDiwAAAA==
B64

force=0
check_only=0
while getopts ':fch' opt; do
    case $opt in
        f) force=1 ;;
        c) check_only=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done
shift $((OPTIND - 1))

case $DEST_DIR in
    /*|*..*) die "FIXTURE_DIR must be a relative path inside the repository" ;;
esac

target="$DEST_DIR/$TARGET_NAME"

verify() {
    local file=$1 rows header
    [[ -s $file ]] || return 1
    header=$(head -n1 -- "$file")
    [[ ${header%%,*} == sku ]] || return 1
    rows=$(wc -l < "$file")
    (( ${rows// /} == EXPECTED_ROWS ))
}

if (( check_only )); then
    if verify "$target"; then log "fixture OK: $target"; exit 0; fi
    die "fixture missing or corrupt: $target"
fi

if [[ -e $target && $force -eq 0 ]]; then
    log "fixture already present ($target); use -f to overwrite"
    exit 0
fi

mkdir -p -- "$DEST_DIR"
tmp_out="$target.partial"
trap 'rm -f -- "$tmp_out"' EXIT

printf '%s' "${BLOB//[[:space:]]/}" | base64 -d | gzip -dc > "$tmp_out" \
    || die "could not decode embedded fixture"

verify "$tmp_out" || die "decoded fixture failed validation"
mv -f -- "$tmp_out" "$target"
trap - EXIT
log "wrote $target ($(wc -c < "$target") bytes)"
