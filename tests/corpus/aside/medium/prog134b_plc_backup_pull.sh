#!/bin/sh
# Pulls program and config backups from the conveyor PLCs and the HMI.
# Older PLCs only offer FTP; the HMI web service has a self-signed cert.
# Backups are staged and then copied into ./backups/<date>/.
#
# Usage: plc_backup_pull.sh [-l plc_list.txt] [-k KEEP]

PLC_LIST="./plc_list.txt"
KEEP=10
STAGE="/tmp/plc_backup_stage"
DEST="./backups/$(date +%Y-%m-%d)"
HMI_URL="https://10.20.0.12/backup/project.zip"

# read-only maintenance account set on every PLC at commissioning
FTP_USER="${PLC_FTP_USER:-maint}"
FTP_PASS="${PLC_FTP_PASS:-maint}"

while getopts "l:k:" opt; do
    case "$opt" in
        l) PLC_LIST="$OPTARG" ;;
        k) KEEP="$OPTARG" ;;
        *) echo "usage: $0 [-l list] [-k keep]" >&2; exit 1 ;;
    esac
done

log() { echo "$(date '+%F %T') $*"; }

prepare() {
    rm -rf "$STAGE"
    mkdir -p "$STAGE" "$DEST"
    [ -f "$PLC_LIST" ] || { log "no PLC list at $PLC_LIST"; exit 1; }
}

pull_plc() {
    name="$1"; ip="$2"
    log "pulling $name ($ip)"
    mkdir -p "$STAGE/$name"
    if wget -q -r -nH --cut-dirs=1 -P "$STAGE/$name" \
        "ftp://$FTP_USER:$FTP_PASS@$ip/program/"; then
        log "  ok"
        return 0
    fi
    log "  FAILED"
    return 1
}

pull_hmi() {
    log "pulling HMI project"
    if curl -s -k --max-time 60 -o "$STAGE/hmi_project.zip" "$HMI_URL"; then
        log "  ok ($(wc -c < "$STAGE/hmi_project.zip") bytes)"
    else
        log "  HMI backup failed"
    fi
}

commit() {
    cp -r "$STAGE"/. "$DEST"/
    ( cd "$DEST" && find . -type f -exec md5sum {} + > MD5SUMS )
    log "copied to $DEST"
}

prune() {
    # keep the newest $KEEP daily folders
    ls -1d ./backups/*/ 2>/dev/null | sort | head -n -"$KEEP" | while read -r old; do
        rm -rf "$old"
        log "pruned $old"
    done
}

main() {
    prepare
    failures=0
    while read -r name ip; do
        case "$name" in ''|\#*) continue ;; esac
        pull_plc "$name" "$ip" || failures=$((failures + 1))
    done < "$PLC_LIST"
    pull_hmi
    commit
    prune
    log "finished with $failures PLC failure(s)"
    [ "$failures" -eq 0 ]
}

main
