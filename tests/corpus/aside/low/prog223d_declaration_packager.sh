#!/usr/bin/env bash
# Package prepared declarations from ./outbox and submit them to the
# filing API. Each declaration JSON is validated, its supporting
# documents (invoice PDFs, packing lists) are attached as base64, and
# the package is posted with the team's API key from FILING_API_KEY.
set -euo pipefail

API_URL="${FILING_API_URL:-https://api.filing.example.com/v1/declarations}"
OUTBOX="./outbox"
BUILD="./build/packages"
SENT="./sent"
DRY_RUN=0

log() { printf '%s packager: %s\n' "$(date +%T)" "$*" >&2; }

while [ $# -gt 0 ]; do
    case "$1" in
        -n|--dry-run) DRY_RUN=1; shift ;;
        --outbox) OUTBOX="$2"; shift 2 ;;
        -h|--help) echo "usage: $0 [-n] [--outbox DIR]"; exit 0 ;;
        *) log "unknown option $1"; exit 2 ;;
    esac
done

if [ "$DRY_RUN" -eq 0 ] && [ -z "${FILING_API_KEY:-}" ]; then
    log "FILING_API_KEY is not set"
    exit 1
fi

mkdir -p "$BUILD" "$SENT"

package_one() {
    local decl="$1" out="$2"
    DECL="$decl" OUT="$out" python3 - <<'PY'
import base64, json, os, sys

decl_path = os.environ["DECL"]
with open(decl_path) as fh:
    decl = json.load(fh)
missing = [k for k in ("entry_no", "importer_of_record", "port_code", "lines") if k not in decl]
if missing:
    sys.exit(f"{decl_path}: missing {', '.join(missing)}")
if not decl["lines"]:
    sys.exit(f"{decl_path}: no line items")

attachments = []
base_dir = os.path.dirname(decl_path)
for name in decl.get("documents", []):
    path = os.path.join(base_dir, name)
    with open(path, "rb") as fh:
        attachments.append({"name": name,
                            "content_b64": base64.b64encode(fh.read()).decode()})
decl["attachments"] = attachments
with open(os.environ["OUT"], "w") as fh:
    json.dump(decl, fh)
os.chmod(os.environ["OUT"], 0o600)
print(decl["entry_no"])
PY
}

submit() {
    local pkg="$1" code
    code="$(curl -sS --max-time 60 -o "$pkg.response" -w '%{http_code}' \
        -H "Authorization: Bearer ${FILING_API_KEY}" \
        -H 'Content-Type: application/json' \
        --data-binary "@$pkg" "$API_URL")" || return 1
    [ "$code" = "201" ] || [ "$code" = "200" ]
}

main() {
    local decl entry pkg ok=0 bad=0
    shopt -s nullglob
    for decl in "$OUTBOX"/*.json; do
        pkg="$BUILD/$(basename "$decl" .json).pkg.json"
        if ! entry="$(package_one "$decl" "$pkg")"; then
            log "skipping $decl (validation failed)"
            bad=$((bad + 1))
            continue
        fi
        if [ "$DRY_RUN" -eq 1 ]; then
            log "dry run: packaged entry $entry -> $pkg"
            ok=$((ok + 1))
            continue
        fi
        if submit "$pkg"; then
            log "submitted entry $entry"
            mv "$decl" "$SENT/"
            ok=$((ok + 1))
        else
            log "submission failed for entry $entry (see $pkg.response)"
            bad=$((bad + 1))
        fi
    done
    log "$ok submitted, $bad failed"
    if [ "$DRY_RUN" -eq 0 ] && [ "$bad" -eq 0 ]; then
        rm -rf ./build
    fi
    [ "$bad" -eq 0 ]
}

main
