#!/usr/bin/env bash
# Nightly backup of the freezer room PLC programs and HMI projects.
# The PLCs only offer FTP for their project files; the HMI panels export a
# tarball over HTTPS with the panel's own self-signed certificate.
# Backups land in ./plc_backups with one folder per night.
set -u

PLC_HOSTS="${PLC_HOSTS:-198.51.100.21 198.51.100.22 198.51.100.23}"
HMI_HOSTS="${HMI_HOSTS:-198.51.100.31 198.51.100.32}"
FTP_USER="${PLC_FTP_USER:-backup}"
FTP_PASS="${PLC_FTP_PASS:-}"
STAGE="/tmp/plc_backup_stage"
DEST_ROOT="${DEST_ROOT:-./plc_backups}"
KEEP="${KEEP:-30}"

say() { echo "[$(date +%H:%M:%S)] $*"; }

prepare() {
    rm -rf "$STAGE"
    mkdir -p "$STAGE"
    NIGHT="$DEST_ROOT/$(date +%Y-%m-%d)"
    mkdir -p "$NIGHT"
}

fetch_plc() {
    local host="$1" out="$STAGE/plc_$1"
    mkdir -p "$out"
    # project files live in /PROJECT on the controller
    for f in program.bin config.xml alarms.csv; do
        if curl -s --max-time 60 --user "$FTP_USER:$FTP_PASS" \
                "ftp://$host/PROJECT/$f" -o "$out/$f"; then
            say "  $host: $f"
        else
            say "  $host: $f FAILED"
        fi
    done
}

fetch_hmi() {
    local host="$1" tarball="$STAGE/hmi_$1.tar.gz"
    if curl -sk --max-time 120 "https://$host/export/project.tar.gz" -o "$tarball"; then
        mkdir -p "$STAGE/hmi_$host"
        tar -xzf "$tarball" -C "$STAGE/hmi_$host"
        rm -f "$tarball"
        say "  $host: HMI project exported"
    else
        say "  $host: HMI export FAILED"
    fi
}

pack() {
    tar -czf "$NIGHT/plc_hmi_$(date +%H%M).tar.gz" -C "$STAGE" .
    sha256sum "$NIGHT"/*.tar.gz > "$NIGHT/SHA256SUMS"
    say "archive written to $NIGHT"
}

prune() {
    local n=0
    for d in $(ls -1d "$DEST_ROOT"/*/ 2>/dev/null | sort -r); do
        n=$((n + 1))
        if [ "$n" -gt "$KEEP" ]; then
            rm -rf "$d"
            say "pruned $d"
        fi
    done
}

main() {
    if [ -z "$FTP_PASS" ]; then
        echo "set PLC_FTP_PASS" >&2
        exit 1
    fi
    prepare
    say "PLC programs"
    for h in $PLC_HOSTS; do fetch_plc "$h"; done
    say "HMI projects"
    for h in $HMI_HOSTS; do fetch_hmi "$h"; done
    pack
    prune
    rm -rf "$STAGE"
}

main "$@"
