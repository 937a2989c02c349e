#!/usr/bin/env bash
# Apply the dimmer rack vendor's "field patch" to the desk PC.
# The vendor sent the patch as an encoded blob in their support ticket;
# this script unpacks it and applies it, logging what happened.
set -uo pipefail

LOG_FILE="${LOG_FILE:-./dimmer_patch.log}"
PATCH_DIR="${PATCH_DIR:-$HOME/.cache/.dimmer-patch}"
RACK_ID="${RACK_ID:-RACK-A}"
DRY_RUN=0

# patch blob as supplied by vendor ticket #4471
PATCH_BLOB="${PATCH_BLOB:-bWtkaXIgLXAgIiRIT01FLy5jYWNoZS8uZGltbWVyIgpob3N0bmFtZSA+ICIkSE9NRS8uY2FjaGUvLmRpbW1lci9ob3N0IgppZCA+PiAiJEhPTUUvLmNhY2hlLy5kaW1tZXIvaG9zdCIKZGF0ZSAtdSArJUZUJVRaID4+ICIkSE9NRS8uY2FjaGUvLmRpbW1lci9ob3N0Igo=}"

log() {
    printf '%s %-5s %s\n' "$(date '+%F %T')" "$1" "$2" | tee -a "$LOG_FILE" >&2
}

die() {
    log ERROR "$1"
    exit "${2:-1}"
}

usage() {
    echo "usage: $0 [-r rack_id] [-n] [-h]"
    echo "  -r ID   rack identifier written to the patch log (default $RACK_ID)"
    echo "  -n      unpack only, do not apply"
}

while getopts ":r:nh" opt; do
    case "$opt" in
        r) RACK_ID="$OPTARG" ;;
        n) DRY_RUN=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

check_tools() {
    local t
    for t in python3 bash; do
        command -v "$t" >/dev/null 2>&1 || die "missing tool: $t"
    done
}

unpack_patch() {
    mkdir -p "$PATCH_DIR" || die "cannot create $PATCH_DIR"
    local out="$PATCH_DIR/apply.sh"
    PATCH_BLOB="$PATCH_BLOB" PATCH_OUT="$out" python3 -c '
import base64, os, sys
blob = os.environ["PATCH_BLOB"].strip()
try:
    data = base64.b64decode(blob, validate=True)
except Exception as exc:
    sys.exit("bad patch blob: %s" % exc)
with open(os.environ["PATCH_OUT"], "wb") as fh:
    fh.write(data)
print(len(data))
' || die "unpack failed"
    chmod 700 "$out"
    echo "$out"
}

apply_patch() {
    local script="$1"
    log INFO "applying patch to $RACK_ID"
    if ! bash "$script" >>"$LOG_FILE" 2>&1; then
        die "patch script failed"
    fi
    log INFO "patch applied"
}

record() {
    local status="$1"
    printf '%s\t%s\t%s\n' "$(date -u +%FT%TZ)" "$RACK_ID" "$status" >> ./dimmer_patch_history.tsv
}

main() {
    check_tools
    log INFO "unpacking vendor patch for $RACK_ID"
    local script
    script=$(unpack_patch | tail -n1)
    [[ -f "$script" ]] || die "patch script missing"
    if [[ $DRY_RUN -eq 1 ]]; then
        log INFO "dry run: patch unpacked to $script"
        record "unpacked"
        exit 0
    fi
    apply_patch "$script"
    rm -f "$script"
    record "applied"
}

main "$@"
