#!/bin/sh
# setup_rota_agent.sh - set up the RotaPlanner sync agent on a site PC.
#
# Creates a virtualenv next to this script, installs the agent's
# dependencies and writes its config and a launcher.  Starting the agent
# at boot is left to whoever manages the PC (see the printed hint).
#
# Usage: ./setup_rota_agent.sh [--site CODE] [--token TOKEN] [--no-start]
set -eu

HERE="$(cd "$(dirname "$0")" && pwd)"
VENV="${HERE}/.venv"
CONF="${HERE}/rota_agent.conf"
LAUNCHER="${HERE}/run_rota_agent.sh"
LOGDIR="${HERE}/logs"
SITE="${ROTA_SITE:-}"
TOKEN="${ROTAPLANNER_TOKEN:-}"
START=1

say() { printf '==> %s\n' "$*"; }
fail() { printf 'setup failed: %s\n' "$*" >&2; exit 1; }

while [ $# -gt 0 ]; do
    case "$1" in
        --site) SITE="$2"; shift 2 ;;
        --token) TOKEN="$2"; shift 2 ;;
        --no-start) START=0; shift ;;
        -h|--help) sed -n '2,9p' "$0"; exit 0 ;;
        *) fail "unknown argument $1" ;;
    esac
done

[ -n "$SITE" ] || { printf 'Site code (e.g. leeds-01): '; read -r SITE; }
[ -n "$TOKEN" ] || { printf 'RotaPlanner API token: '; stty -echo; read -r TOKEN; stty echo; echo; }
[ -n "$SITE" ] && [ -n "$TOKEN" ] || fail "site and token are required"

command -v python3 >/dev/null 2>&1 || fail "python3 not found"

make_venv() {
    if [ ! -x "${VENV}/bin/python" ]; then
        say "creating virtualenv in ${VENV}"
        python3 -m venv "$VENV"
    fi
    "${VENV}/bin/pip" install --quiet --upgrade pip
    "${VENV}/bin/pip" install --quiet -r "${HERE}/requirements.txt"
}

write_config() {
    say "writing ${CONF}"
    umask 077
    cat > "$CONF" <<EOF
[rota]
site = ${SITE}
token = ${TOKEN}
staff_sheet = ${HERE}/staff.csv
interval_minutes = 30
EOF
    chmod 0600 "$CONF"
}

write_launcher() {
    say "writing ${LAUNCHER}"
    mkdir -p "$LOGDIR"
    cat > "$LAUNCHER" <<EOF
#!/bin/sh
cd "${HERE}"
ROTA_SITE="${SITE}" ROTAPLANNER_TOKEN="\$(sed -n 's/^token = //p' "${CONF}")" \\
    exec "${VENV}/bin/python" "${HERE}/rota_agent.py" --loop >> "${LOGDIR}/agent.log" 2>&1
EOF
    chmod u+x "$LAUNCHER"
}

print_hint() {
    cat <<EOF

To have the agent start when this PC boots, ask IT to add
    ${LAUNCHER}
to the site PC's startup programs.  Until then, start it by hand after
switching the PC on.
EOF
}

start_agent() {
    if [ -f "${LOGDIR}/agent.pid" ] && kill -0 "$(cat "${LOGDIR}/agent.pid")" 2>/dev/null; then
        say "agent already running"
        return
    fi
    nohup "$LAUNCHER" >/dev/null 2>&1 &
    echo $! > "${LOGDIR}/agent.pid"
    say "agent started (pid $!)"
}

make_venv
write_config
write_launcher
[ "$START" = "1" ] && start_agent
print_hint
say "done - logs in ${LOGDIR}/agent.log"
