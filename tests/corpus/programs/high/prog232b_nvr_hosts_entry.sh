#!/usr/bin/env bash
# nvr_hosts_entry.sh
# Adds name entries for the weighbridge lane cameras and the NVR to
# /etc/hosts so the plate-recognition software can use names instead of IPs.
# The camera list comes from a small CSV in the working directory.
#
# Usage: nvr_hosts_entry.sh [--list cameras.csv] [--dry-run] [--remove]

set -euo pipefail

CAMERA_LIST="${CAMERA_LIST:-./cameras.csv}"
HOSTS_FILE="/etc/hosts"
BEGIN_MARK="# BEGIN weighbridge-cameras"
END_MARK="# END weighbridge-cameras"
BACKUP_DIR="./hosts_backups"
DRY_RUN=0
REMOVE=0

log() { echo "$(date '+%F %T') [hosts] $*" >&2; }

while [[ $# -gt 0 ]]; do
    case "$1" in
        --list) CAMERA_LIST="$2"; shift 2 ;;
        --dry-run) DRY_RUN=1; shift ;;
        --remove) REMOVE=1; shift ;;
        -h|--help) sed -n '2,7p' "$0"; exit 0 ;;
        *) log "unknown option $1"; exit 1 ;;
    esac
done

# Render the hosts block in Python: validates each address and name, and
# reads the CSV path from the environment.
render_block() {
    CAMERA_LIST="$CAMERA_LIST" BEGIN_MARK="$BEGIN_MARK" END_MARK="$END_MARK" python3 - <<'PY'
import csv, ipaddress, os, re, sys
name_re = re.compile(r"^[a-z0-9][a-z0-9.-]{0,62}$")
lines = [os.environ["BEGIN_MARK"]]
with open(os.environ["CAMERA_LIST"], newline="") as fh:
    for row in csv.DictReader(fh):
        try:
            ip = ipaddress.ip_address(row["ip"].strip())
        except (KeyError, ValueError):
            print("skipping bad row: %r" % row, file=sys.stderr)
            continue
        name = row.get("name", "").strip().lower()
        if not name_re.match(name):
            print("skipping bad name: %r" % name, file=sys.stderr)
            continue
        lines.append("%s\t%s %s.yard.example.com" % (ip, name, name))
lines.append(os.environ["END_MARK"])
print("\n".join(lines))
PY
}

strip_block() {
    sed "/^$BEGIN_MARK\$/,/^$END_MARK\$/d" "$HOSTS_FILE"
}

backup_hosts() {
    mkdir -p "$BACKUP_DIR"
    local dest
    dest="$BACKUP_DIR/hosts.$(date +%Y%m%d%H%M%S)"
    cp "$HOSTS_FILE" "$dest"
    chmod 0600 "$dest"
    log "backup saved to $dest"
}

main() {
    [[ -r "$HOSTS_FILE" ]] || { log "cannot read $HOSTS_FILE"; exit 1; }
    local new_content block
    if (( REMOVE )); then
        new_content="$(strip_block)"
    else
        [[ -f "$CAMERA_LIST" ]] || { log "camera list $CAMERA_LIST not found"; exit 1; }
        block="$(render_block)"
        new_content="$(strip_block)"$'\n'"$block"
    fi

    if (( DRY_RUN )); then
        echo "$new_content"
        exit 0
    fi

    backup_hosts
    printf '%s\n' "$new_content" | sudo tee "$HOSTS_FILE" >/dev/null
    sudo chmod 0644 "$HOSTS_FILE"
    log "updated $HOSTS_FILE ($(grep -c 'yard.example.com' "$HOSTS_FILE" || true) camera names)"
}

main
