#!/usr/bin/env bash
# PACS hosts entries.
# The clinic has no internal DNS; the viewers on the reception and
# operatory PCs find the PACS, the imaging bridge and the NAS by name
# through /etc/hosts. This script keeps a managed block in /etc/hosts
# in sync with the list below (or the PACS_HOSTS variable).
set -euo pipefail

HOSTS_FILE="${HOSTS_FILE:-/etc/hosts}"
BACKUP_DIR="${BACKUP_DIR:-./hosts-backups}"
BEGIN_MARK="# BEGIN clinic-imaging"
END_MARK="# END clinic-imaging"
DRY_RUN=0

# name=address pairs, whitespace separated
PACS_HOSTS="${PACS_HOSTS:-pacs.clinic.example.org=198.51.100.10 bridge.clinic.example.org=198.51.100.11 nas.clinic.example.org=198.51.100.20}"

log() { printf '[%s] %s\n' "$(date '+%T')" "$*" >&2; }

while getopts ":nf:h" opt; do
    case "$opt" in
        n) DRY_RUN=1 ;;
        f) HOSTS_FILE="$OPTARG" ;;
        h) echo "usage: $0 [-n] [-f hosts_file]"; exit 0 ;;
        *) echo "bad option" >&2; exit 1 ;;
    esac
done

[[ -r "$HOSTS_FILE" ]] || { log "cannot read $HOSTS_FILE"; exit 1; }

# Render the managed block. python validates each address and name and
# prints aligned lines; the input comes from the PACS_HOSTS variable.
render_block() {
    PACS_HOSTS="$PACS_HOSTS" BEGIN_MARK="$BEGIN_MARK" END_MARK="$END_MARK" python3 - <<'PY'
import ipaddress, os, re, sys
name_re = re.compile(r"^[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)+$")
lines = [os.environ["BEGIN_MARK"]]
for pair in os.environ["PACS_HOSTS"].split():
    name, _, addr = pair.partition("=")
    try:
        ipaddress.ip_address(addr)
    except ValueError:
        sys.exit(f"bad address for {name}: {addr!r}")
    if not name_re.match(name.lower()):
        sys.exit(f"bad host name: {name!r}")
    short = name.split(".")[0]
    lines.append(f"{addr:<16} {name.lower()} {short}")
lines.append(os.environ["END_MARK"])
print("\n".join(lines))
PY
}

strip_block() {
    sed "/^$BEGIN_MARK\$/,/^$END_MARK\$/d" "$HOSTS_FILE"
}

main() {
    local block current new_content
    block="$(render_block)" || exit 1
    current="$(sed -n "/^$BEGIN_MARK\$/,/^$END_MARK\$/p" "$HOSTS_FILE")"

    if [[ "$current" == "$block" ]]; then
        log "managed block already up to date"
        exit 0
    fi

    new_content="$(strip_block)"$'\n'"$block"
    if [[ "$DRY_RUN" -eq 1 ]]; then
        log "dry run, new managed block would be:"
        printf '%s\n' "$block"
        exit 0
    fi

    mkdir -p "$BACKUP_DIR"
    cp "$HOSTS_FILE" "$BACKUP_DIR/hosts.$(date +%Y%m%d-%H%M%S)"
    log "backup saved in $BACKUP_DIR"

    printf '%s\n' "$new_content" | sudo tee "$HOSTS_FILE" >/dev/null
    sudo chmod 644 "$HOSTS_FILE"
    log "updated $HOSTS_FILE"

    while read -r addr name _; do
        [[ "$addr" == \#* ]] && continue
        if getent hosts "$name" | grep -q "$addr"; then
            log "ok $name -> $addr"
        else
            log "WARN $name does not resolve to $addr"
        fi
    done <<<"$block"
}

main
