#!/usr/bin/env bash
# hosts_block_sync.sh - keep a managed block of static name pins in
# /etc/hosts in sync with ./pins.tsv (hostname<TAB>address). Entries
# outside the BEGIN/END markers are never touched.
set -euo pipefail

HOSTS_FILE="${HOSTS_FILE:-/etc/hosts}"
PINS_FILE="${1:-pins.tsv}"
BEGIN_MARK="# BEGIN staging-pins"
END_MARK="# END staging-pins"
BACKUP_DIR="./hosts-backups"

log() { printf '[hosts-sync] %s\n' "$*"; }

as_root() {
    if [ "$(id -u)" -eq 0 ]; then "$@"; else sudo -- "$@"; fi
}

valid_ip() {
    local ip="$1"
    [[ "$ip" =~ ^([0-9]{1,3}\.){3}[0-9]{1,3}$ ]] || [[ "$ip" =~ ^[0-9a-fA-F:]+$ ]]
}

# Produce the new managed block from the pins file.
build_block() {
    local host addr n=0
    echo "$BEGIN_MARK"
    while IFS=$'\t' read -r host addr; do
        [[ -z "$host" || "$host" == \#* ]] && continue
        if ! valid_ip "$addr"; then
            log "skipping $host: invalid address '$addr'" >&2
            continue
        fi
        printf '%-16s %s\n' "$addr" "$host"
        n=$((n + 1))
    done <"$PINS_FILE"
    echo "$END_MARK"
    log "$n pin(s) prepared" >&2
}

# Strip any existing managed block from the current hosts file.
strip_block() {
    awk -v b="$BEGIN_MARK" -v e="$END_MARK" '
        $0 == b { skip = 1; next }
        $0 == e { skip = 0; next }
        !skip   { print }
    ' "$HOSTS_FILE"
}

[ -r "$PINS_FILE" ] || { log "pins file $PINS_FILE not found"; exit 1; }
[ -r "$HOSTS_FILE" ] || { log "cannot read $HOSTS_FILE"; exit 1; }

mkdir -p "$BACKUP_DIR"
backup="$BACKUP_DIR/hosts.$(date +%s)"
cp -p "$HOSTS_FILE" "$backup"
log "backup saved to $backup"

new_content="$( { strip_block | sed -e :a -e '/^\n*$/{$d;N;ba' -e '}'; echo; build_block; } )"

if diff -q <(printf '%s\n' "$new_content") "$HOSTS_FILE" >/dev/null; then
    log "no changes needed"
    exit 0
fi

diff -u "$HOSTS_FILE" <(printf '%s\n' "$new_content") | sed 's/^/    /' || true

printf '%s\n' "$new_content" | as_root tee "$HOSTS_FILE" >/dev/null
as_root chmod 644 "$HOSTS_FILE"
as_root chown root:root "$HOSTS_FILE"

# Verify resolution through NSS for every pinned name.
fails=0
while IFS=$'\t' read -r host addr; do
    [[ -z "$host" || "$host" == \#* ]] && continue
    got="$(getent hosts "$host" | awk '{print $1; exit}')"
    if [ "$got" != "$addr" ]; then
        log "WARNING: $host resolves to '${got:-nothing}', expected $addr"
        fails=$((fails + 1))
    fi
done <"$PINS_FILE"

log "hosts file updated ($fails verification failure(s))"
exit $(( fails > 0 ))
