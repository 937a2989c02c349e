#!/usr/bin/env bash
# firmware_checksum_audit.sh - check the firmware files staged in the working
# directory against the release manifest before they go on the depot USB sticks.
#
# Manifest format (JSON): {"release": "7.4.2", "files": {"name.bin": "<sha256>", ...}}
set -euo pipefail

STAGE_DIR="./staged_fw"
MANIFEST="./release_manifest.json"
REPORT="./fw_audit_report.txt"
STRICT=0

log() { printf '[fw-audit] %s\n' "$*" >&2; }

usage() {
  cat <<EOF
Usage: $0 [-d stage_dir] [-m manifest.json] [-r report] [-s]
  -d  directory with staged firmware files (default $STAGE_DIR)
  -m  release manifest (default $MANIFEST)
  -r  report file (default $REPORT)
  -s  strict: unexpected extra files also fail the audit
EOF
}

while getopts ":d:m:r:sh" opt; do
  case "$opt" in
    d) STAGE_DIR="$OPTARG" ;;
    m) MANIFEST="$OPTARG" ;;
    r) REPORT="$OPTARG" ;;
    s) STRICT=1 ;;
    h) usage; exit 0 ;;
    *) usage; exit 2 ;;
  esac
done

[[ -d "$STAGE_DIR" ]] || { log "stage dir $STAGE_DIR not found"; exit 2; }
[[ -f "$MANIFEST" ]] || { log "manifest $MANIFEST not found"; exit 2; }

# Checksums of what is actually staged, as "hash  name" lines.
actual="$(cd "$STAGE_DIR" && find . -maxdepth 1 -type f \( -name '*.bin' -o -name '*.img' \) \
            -printf '%f\n' | sort | while read -r f; do sha256sum -- "$f"; done)"
count="$(printf '%s' "$actual" | grep -c . || true)"
log "hashed $count staged files"

host_os="$(. /etc/os-release 2>/dev/null && echo "${PRETTY_NAME:-unknown}")"

set +e
FW_ACTUAL="$actual" FW_MANIFEST="$MANIFEST" FW_STRICT="$STRICT" FW_HOST_OS="$host_os" \
python3 - > "$REPORT" <<'PY'
import json, os, sys, datetime

with open(os.environ["FW_MANIFEST"]) as fh:
    manifest = json.load(fh)
expected = {k: v.lower() for k, v in manifest.get("files", {}).items()}
actual = {}
for line in os.environ.get("FW_ACTUAL", "").splitlines():
    parts = line.split(None, 1)
    if len(parts) == 2:
        actual[parts[1].strip()] = parts[0].lower()

ok = sorted(n for n in expected if actual.get(n) == expected[n])
bad = sorted(n for n in expected if n in actual and actual[n] != expected[n])
missing = sorted(n for n in expected if n not in actual)
extra = sorted(n for n in actual if n not in expected)

print(f"release {manifest.get('release', '?')} audit, "
      f"{datetime.datetime.now():%Y-%m-%d %H:%M} on {os.environ.get('FW_HOST_OS')}")
print(f"ok={len(ok)} mismatched={len(bad)} missing={len(missing)} extra={len(extra)}")
for label, names in (("MISMATCH", bad), ("MISSING", missing), ("EXTRA", extra)):
    for n in names:
        print(f"  {label:<9} {n}")
failed = bad or missing or (extra and os.environ.get("FW_STRICT") == "1")
sys.exit(1 if failed else 0)
PY
rc=$?
set -e

cat "$REPORT"
if (( rc == 0 )); then
  log "audit passed; report in $REPORT"
else
  log "audit FAILED; do not copy these files to depot sticks"
fi
exit "$rc"
