#!/usr/bin/env bash
# hosts_alias_sync.sh - keep a managed block of local development aliases in
# /etc/hosts in sync with ./dev-hosts.txt (one "IP name [name...]" per line).
#
# Usage: hosts_alias_sync.sh [-f dev-hosts.txt] [-n] [--remove]
#   -n        show the resulting /etc/hosts diff without writing
#   --remove  drop the managed block entirely
set -euo pipefail

HOSTS_FILE=/etc/hosts
ALIAS_FILE="dev-hosts.txt"
DRY_RUN=0
REMOVE=0
BEGIN_MARK="# >>> dev-aliases (managed by hosts_alias_sync.sh) >>>"
END_MARK="# <<< dev-aliases <<<"

note() { echo "hosts_alias_sync: $*" >&2; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        -f) ALIAS_FILE="$2"; shift 2 ;;
        -n) DRY_RUN=1; shift ;;
        --remove) REMOVE=1; shift ;;
        -h|--help) sed -n '2,7p' "$0"; exit 0 ;;
        *) note "unknown argument $1"; exit 1 ;;
    esac
done

if [[ $REMOVE -eq 0 && ! -r "$ALIAS_FILE" ]]; then
    note "cannot read $ALIAS_FILE"
    exit 1
fi

NEW_CONTENT="$(mktemp)"
trap 'rm -f "$NEW_CONTENT"' EXIT

# Python handles validation and rewriting of the managed block.
python3 - "$HOSTS_FILE" "$ALIAS_FILE" "$REMOVE" "$BEGIN_MARK" "$END_MARK" \
    >"$NEW_CONTENT" <<'PYEOF'
import ipaddress
import re
import sys

hosts_path, alias_path, remove, begin, end = sys.argv[1:6]
NAME_RE = re.compile(r"^[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?(\.[A-Za-z0-9-]+)*$")

with open(hosts_path, encoding="utf-8") as fh:
    lines = fh.read().splitlines()

# strip any existing managed block
kept, inside = [], False
for line in lines:
    if line.strip() == begin:
        inside = True
        continue
    if line.strip() == end:
        inside = False
        continue
    if not inside:
        kept.append(line)

block = []
if remove != "1":
    with open(alias_path, encoding="utf-8") as fh:
        for lineno, raw in enumerate(fh, 1):
            raw = raw.split("#", 1)[0].strip()
            if not raw:
                continue
            ip, *names = raw.split()
            try:
                ipaddress.ip_address(ip)
            except ValueError:
                sys.exit(f"{alias_path}:{lineno}: bad address {ip!r}")
            bad = [n for n in names if not NAME_RE.match(n)]
            if not names or bad:
                sys.exit(f"{alias_path}:{lineno}: bad host name(s) {bad or '(none)'}")
            block.append(f"{ip}\t{' '.join(names)}")

while kept and not kept[-1].strip():
    kept.pop()
out = kept
if block:
    out += ["", begin, *block, end]
print("\n".join(out))
PYEOF

if diff -u "$HOSTS_FILE" "$NEW_CONTENT" >&2; then
    note "no changes"
    exit 0
fi

if [[ $DRY_RUN -eq 1 ]]; then
    note "dry run, $HOSTS_FILE not modified"
    exit 0
fi

note "updating $HOSTS_FILE (sudo may ask for your password)"
sudo cp -p "$HOSTS_FILE" "$HOSTS_FILE.bak.$(date +%Y%m%d%H%M%S)"
sudo tee "$HOSTS_FILE" <"$NEW_CONTENT" >/dev/null
sudo chmod 644 "$HOSTS_FILE"
note "done; flushing resolver cache if available"
if command -v resolvectl >/dev/null 2>&1; then
    resolvectl flush-caches || true
fi
