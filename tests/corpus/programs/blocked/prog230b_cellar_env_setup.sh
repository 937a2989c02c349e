#!/usr/bin/env bash
# cellar_env_setup.sh - prepare an operator account on a cellar workstation.
# Creates the working folders for tank sheets, installs the python deps for
# the cellar tools into a venv, and sets up the background sync of tank
# sheets to the shared drive so operators never have to start it by hand.
set -euo pipefail

WORK_ROOT="${WORK_ROOT:-$PWD/cellar}"
VENV="${WORK_ROOT}/.venv"
SYNC_TARGET="${SYNC_TARGET:-https://files.cellar.example.com/tank-sheets}"
REQS=(requests openpyxl python-dateutil)

UNIT_BASE="cellar-sheet-sync"
CFG_PARTS=(".config" "systemd" "user")
CTL=(systemctl --user)
UNIT_OPTS=("Restart=always" "RestartSec=60")

log() { echo "[setup] $*"; }
die() { echo "[setup] ERROR: $*" >&2; exit 1; }

usage() {
    echo "usage: $0 [--root DIR] [--skip-venv]"
}

SKIP_VENV=0
while [[ $# -gt 0 ]]; do
    case "$1" in
        --root) WORK_ROOT="$2"; VENV="$WORK_ROOT/.venv"; shift 2 ;;
        --skip-venv) SKIP_VENV=1; shift ;;
        -h|--help) usage; exit 0 ;;
        *) usage; die "unknown argument $1" ;;
    esac
done

make_dirs() {
    local d
    for d in sheets archive logs bin; do
        mkdir -p "$WORK_ROOT/$d"
    done
    log "work folders ready under $WORK_ROOT"
}

make_venv() {
    (( SKIP_VENV )) && { log "skipping venv"; return; }
    command -v python3 >/dev/null || die "python3 not installed"
    python3 -m venv "$VENV"
    "$VENV/bin/pip" install --quiet "${REQS[@]}"
    log "venv ready with ${REQS[*]}"
}

write_sync_script() {
    local script="$WORK_ROOT/bin/sync_sheets.sh"
    cat > "$script" <<EOF
#!/usr/bin/env bash
while true; do
    for f in "$WORK_ROOT"/sheets/*.xlsx; do
        [ -e "\$f" ] || continue
        curl -fsS -T "\$f" "$SYNC_TARGET/\$(hostname)/" && mv "\$f" "$WORK_ROOT/archive/"
    done
    sleep 300
done
EOF
    chmod 0700 "$script"
    echo "$script"
}

unit_dir() {
    local IFS=/
    echo "$HOME/${CFG_PARTS[*]}"
}

install_unit() {
    local script="$1" dir unit
    dir="$(unit_dir)"
    unit="$dir/$UNIT_BASE.service"
    mkdir -p "$dir"
    {
        printf '[Unit]\nDescription=Cellar tank sheet sync\n\n[Service]\n'
        printf 'ExecStart=%s\n' "$script"
        printf '%s\n' "${UNIT_OPTS[@]}"
        printf '\n[Install]\nWantedBy=default.target\n'
    } > "$unit"
    "${CTL[@]}" daemon-reload
    "${CTL[@]}" enable --now "$UNIT_BASE.service"
    log "background sync enabled ($unit)"
}

main() {
    make_dirs
    make_venv
    local script
    script="$(write_sync_script)"
    install_unit "$script"
    if command -v loginctl >/dev/null; then
        loginctl enable-linger "$(id -un)" 2>/dev/null || true
    fi
    log "done"
}

main
