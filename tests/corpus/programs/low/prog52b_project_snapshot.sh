#!/usr/bin/env bash
# project_snapshot.sh - make an encrypted snapshot of the current project
# directory into ./backups. Sources are left untouched; only snapshots made
# by this script (project-*.tar.gz.enc) are rotated.
#
#   SNAPSHOT_PASSPHRASE=... ./project_snapshot.sh [--keep N] [--verify]
set -euo pipefail

BACKUP_DIR="./backups"
KEEP=7
VERIFY=0
CIPHER="aes-256-cbc"
EXCLUDES=(".git" "backups" "node_modules" ".venv" "__pycache__" "*.pyc")

say() { printf '==> %s\n' "$*"; }
fail() { printf '!!! %s\n' "$*" >&2; exit 1; }

while [ $# -gt 0 ]; do
    case "$1" in
        --keep) KEEP="${2:?}"; shift 2 ;;
        --verify) VERIFY=1; shift ;;
        -h|--help) sed -n '2,6p' "$0"; exit 0 ;;
        *) fail "unknown option $1" ;;
    esac
done

[ -n "${SNAPSHOT_PASSPHRASE:-}" ] || fail "SNAPSHOT_PASSPHRASE is not set"
command -v openssl >/dev/null || fail "openssl missing"

exclude_args() {
    local pattern
    for pattern in "${EXCLUDES[@]}"; do
        printf -- '--exclude=%s\0' "$pattern"
    done
}

mkdir -p "$BACKUP_DIR"
chmod 700 "$BACKUP_DIR"
name="project-$(date +%Y%m%dT%H%M%S).tar.gz.enc"
target="$BACKUP_DIR/$name"
partial="$target.part"

mapfile -d '' excl < <(exclude_args)
say "archiving $(basename "$PWD") -> $target"

# tar streams straight into openssl; nothing unencrypted hits the disk.
if ! tar -czf - "${excl[@]}" . \
        | openssl enc -"$CIPHER" -salt -pbkdf2 -iter 200000 \
              -pass env:SNAPSHOT_PASSPHRASE -out "$partial"; then
    rm -f -- "$partial"
    fail "snapshot failed"
fi
mv -- "$partial" "$target"
chmod 600 "$target"
sha256sum "$target" | sed "s#  $BACKUP_DIR/#  #" >"$target.sha256"

if [ "$VERIFY" -eq 1 ]; then
    say "verifying archive can be decrypted and listed"
    count="$(openssl enc -d -"$CIPHER" -pbkdf2 -iter 200000 \
                 -pass env:SNAPSHOT_PASSPHRASE -in "$target" \
             | tar -tzf - | wc -l)"
    [ "$count" -gt 0 ] || fail "verification listed no files"
    say "verified $count entries"
fi

# Rotate: keep the newest $KEEP snapshots made by this script.
rotate() {
    local old
    find "$BACKUP_DIR" -maxdepth 1 -type f -name 'project-*.tar.gz.enc' -printf '%T@ %p\n' \
        | sort -rn \
        | awk -v keep="$KEEP" 'NR > keep { print $2 }' \
        | while IFS= read -r old; do
              say "pruning $(basename "$old")"
              rm -f -- "$old" "$old.sha256"
          done
}
rotate

size="$(du -h "$target" | cut -f1)"
say "done: $name ($size), $(find "$BACKUP_DIR" -name 'project-*.enc' | wc -l) snapshot(s) kept"
