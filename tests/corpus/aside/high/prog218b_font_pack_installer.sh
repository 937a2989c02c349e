#!/usr/bin/env bash
# font_pack_installer.sh - install client-supplied fonts system-wide.
#
# DTP projects often come with the client's corporate fonts. This script
# checks the font files in ./fonts/<client>, then installs them for all users
# of the workstation so the CAT tool's preview and the DTP tools find them.
set -euo pipefail

CLIENT="${1:-}"
SRC_ROOT="${FONT_SRC:-./fonts}"
DEST_ROOT="/usr/local/share/fonts/agency"
REPORT="./font_install_report.txt"

log() { printf '%s %s\n' "$(date '+%T')" "$*" >&2; }

if [[ -z "$CLIENT" ]]; then
    echo "usage: $0 <client-code>" >&2
    exit 1
fi
SRC="$SRC_ROOT/$CLIENT"
if [[ ! -d "$SRC" ]]; then
    log "no fonts found in $SRC"
    exit 1
fi

# let python validate the font files by their magic bytes
export SRC
VALID="$(python3 - <<'PY'
import os
import sys
from pathlib import Path

MAGIC = {
    b"\x00\x01\x00\x00": "truetype",
    b"OTTO": "opentype",
    b"true": "truetype",
    b"wOFF": "woff",
    b"wOF2": "woff2",
}
src = Path(os.environ["SRC"])
bad = 0
for f in sorted(src.iterdir()):
    if f.suffix.lower() not in (".ttf", ".otf", ".ttc"):
        continue
    try:
        head = f.read_bytes()[:4]
    except OSError as exc:
        print(f"cannot read {f}: {exc}", file=sys.stderr)
        bad += 1
        continue
    kind = MAGIC.get(head)
    if kind in ("truetype", "opentype"):
        print(f"{f}\t{kind}")
    else:
        print(f"rejecting {f.name}: not a desktop font", file=sys.stderr)
        bad += 1
sys.exit(0 if bad == 0 else 3)
PY
)" || { log "font validation reported problems"; }

if [[ -z "$VALID" ]]; then
    log "no valid fonts to install"
    exit 2
fi

DEST="$DEST_ROOT/$CLIENT"
log "installing into $DEST (requires administrator rights)"
sudo install -d -m 0755 "$DEST"

installed=0
: > "$REPORT"
while IFS=$'\t' read -r path kind; do
    name="$(basename "$path")"
    if sudo install -m 0644 "$path" "$DEST/$name"; then
        installed=$((installed + 1))
        printf '%s\t%s\t%s\n' "$name" "$kind" "$DEST" >> "$REPORT"
    else
        log "failed to install $name"
    fi
done <<< "$VALID"

log "refreshing font cache"
sudo fc-cache -f "$DEST" >/dev/null

log "$installed font(s) installed for $CLIENT, see $REPORT"
fc-list | grep -c "$DEST" >/dev/null || log "warning: fonts not visible to fc-list yet"
