#!/usr/bin/env bash
# Render a hosts-style file from the lab inventory CSV.
# The output lands in ./build so it can be reviewed and diffed in CI.
set -euo pipefail

INVENTORY="${1:-inventory.csv}"
OUT_DIR="${OUT_DIR:-build}"
DOMAIN="${LAB_DOMAIN:-lab.internal}"
VERBOSE=0

usage() {
    cat <<EOF
usage: $(basename "$0") [inventory.csv] [-v]
  Reads name,ip,role rows and writes ${OUT_DIR}/hosts.generated
EOF
}

log() {
    if [[ "$VERBOSE" -eq 1 ]]; then
        printf '[render] %s\n' "$*" >&2
    fi
}

for arg in "$@"; do
    case "$arg" in
        -h|--help) usage; exit 0 ;;
        -v|--verbose) VERBOSE=1 ;;
    esac
done

if [[ ! -f "$INVENTORY" ]]; then
    echo "inventory not found: $INVENTORY" >&2
    exit 2
fi

mkdir -p "$OUT_DIR"
log "inventory=$INVENTORY out=$OUT_DIR domain=$DOMAIN"

python3 - "$INVENTORY" "$OUT_DIR/hosts.generated" "$DOMAIN" <<'PY'
import csv
import ipaddress
import sys
from collections import defaultdict

src, dest, domain = sys.argv[1], sys.argv[2], sys.argv[3]
by_role = defaultdict(list)
skipped = 0

with open(src, newline="") as fh:
    for row in csv.DictReader(fh):
        name = (row.get("name") or "").strip()
        try:
            ip = ipaddress.ip_address((row.get("ip") or "").strip())
        except ValueError:
            skipped += 1
            continue
        if not name:
            skipped += 1
            continue
        by_role[(row.get("role") or "misc").strip()].append((ip, name))

lines = ["# generated from %s -- do not edit" % src]
for role in sorted(by_role):
    lines.append("")
    lines.append("# role: %s" % role)
    for ip, name in sorted(by_role[role]):
        lines.append("%-16s %s.%s %s" % (ip, name, domain, name))

with open(dest, "w") as out:
    out.write("\n".join(lines) + "\n")

print("wrote %d roles to %s (skipped %d rows)" % (len(by_role), dest, skipped))
PY

if [[ -f "$OUT_DIR/hosts.previous" ]]; then
    log "diff against previous render"
    diff -u "$OUT_DIR/hosts.previous" "$OUT_DIR/hosts.generated" || true
fi
cp "$OUT_DIR/hosts.generated" "$OUT_DIR/hosts.previous"
echo "done: $OUT_DIR/hosts.generated"
