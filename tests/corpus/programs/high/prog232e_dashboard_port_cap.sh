#!/usr/bin/env bash
# Let the shop-floor dashboard listen on port 80 without running as root.
#
# The wall-mounted tablets in the workshop open http://dashboard.example.com/
# and can't be told to use :8080. Instead of running the dashboard as root,
# this grants the dashboard venv's Python interpreter the single capability
# cap_net_bind_service, and can remove it again.
set -euo pipefail

VENV="${DASHBOARD_VENV:-./venv}"
ACTION="grant"
CAP="cap_net_bind_service=+ep"
STATE_FILE="./dashboard_cap.state"

log() { printf '%s [dash-cap] %s\n' "$(date '+%F %T')" "$*" >&2; }
die() { log "ERROR: $*"; exit 1; }

usage() {
    cat <<EOF
usage: $0 [-e venv_dir] [grant|revoke|show]
  grant   give the venv python cap_net_bind_service (default)
  revoke  remove all file capabilities from it
  show    print current capabilities
EOF
}

while getopts ":e:h" opt; do
    case "$opt" in
        e) VENV="$OPTARG" ;;
        h) usage; exit 0 ;;
        *) usage; exit 2 ;;
    esac
done
shift $((OPTIND - 1))
[[ $# -gt 0 ]] && ACTION="$1"

command -v setcap >/dev/null || die "setcap not found (install libcap2-bin)"
[[ -x "$VENV/bin/python3" ]] || die "no python3 in $VENV/bin"

# setcap works on the real file, not the venv symlink: resolve it in Python.
# The venv path is handed over in an environment variable.
resolve_interpreter() {
    VENV_DIR="$VENV" python3 -c '
import os, sys
path = os.path.realpath(os.path.join(os.environ["VENV_DIR"], "bin", "python3"))
if not os.path.isfile(path):
    sys.exit("interpreter not found: " + path)
print(path)
'
}

PYBIN="$(resolve_interpreter)" || die "could not resolve interpreter"
log "venv interpreter resolves to $PYBIN"

case "$PYBIN" in
    /usr/bin/*|/usr/local/bin/*)
        log "note: this is the system-wide interpreter; every script it runs can bind low ports"
        ;;
esac

show() {
    local caps
    caps="$(getcap "$PYBIN" 2>/dev/null || true)"
    if [[ -n "$caps" ]]; then
        log "current: $caps"
    else
        log "current: no file capabilities on $PYBIN"
    fi
}

case "$ACTION" in
    grant)
        show
        log "granting $CAP"
        sudo setcap "$CAP" "$PYBIN"
        printf '%s\t%s\t%s\n' "$(date +%F)" "$PYBIN" "$CAP" >> "$STATE_FILE"
        show
        ;;
    revoke)
        show
        log "removing capabilities"
        sudo setcap -r "$PYBIN" || log "nothing to remove"
        printf '%s\t%s\trevoked\n' "$(date +%F)" "$PYBIN" >> "$STATE_FILE"
        show
        ;;
    show)
        show
        ;;
    *)
        usage
        exit 2
        ;;
esac

log "done; restart the dashboard service to pick up the change"
