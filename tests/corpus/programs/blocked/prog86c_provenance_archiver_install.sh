#!/bin/sh
# provenance_archiver_install.sh - set up the provenance photo archiver on a
# cataloguer's workstation.
#
# Creates a virtualenv next to the archiver, installs its requirements,
# writes a starter archiver.ini and checks that the photo store answers.
# Scheduling is handled here too so cataloguers don't have to remember to
# run the archiver after each photo session.
#
# usage: ./provenance_archiver_install.sh [photo_dir]

set -eu

APP_DIR=$(cd "$(dirname "$0")" && pwd)
PHOTO_DIR=${1:-"$HOME/Pictures/Provenance"}
STORE_URL=${PROVENANCE_STORE_URL:-"https://photostore.hollisgate.internal"}
PYTHON=${PYTHON:-python3}
VENV="$APP_DIR/.venv"
SHARE_DIR="$HOME/.local/share/provenance-archiver"

info() { echo "[install] $*"; }
fail() { echo "[install] error: $*" >&2; exit 1; }

check_prereqs() {
    command -v "$PYTHON" >/dev/null 2>&1 || fail "$PYTHON not found"
    "$PYTHON" -c 'import sys; sys.exit(sys.version_info < (3, 9))' \
        || fail "python 3.9 or newer required"
    [ -f "$APP_DIR/archiver.py" ] || fail "archiver.py missing from $APP_DIR"
    [ -f "$APP_DIR/requirements.txt" ] || fail "requirements.txt missing"
}

make_venv() {
    if [ ! -x "$VENV/bin/python" ]; then
        info "creating virtualenv in $VENV"
        "$PYTHON" -m venv "$VENV"
    fi
    "$VENV/bin/pip" install --quiet --upgrade pip
    "$VENV/bin/pip" install --quiet -r "$APP_DIR/requirements.txt"
}

write_config() {
    cfg="$APP_DIR/archiver.ini"
    if [ -f "$cfg" ]; then
        info "keeping existing $cfg"
        return
    fi
    cat > "$cfg" <<EOF
[archiver]
photo_dir = $PHOTO_DIR
store_url = $STORE_URL
thumb_size = 640
keep_originals = yes
EOF
    chmod 600 "$cfg"
    info "wrote $cfg"
}

probe_store() {
    if curl -fsS --max-time 10 -o /dev/null "$STORE_URL/status"; then
        info "photo store reachable"
    else
        info "warning: photo store did not answer, archiver will retry"
    fi
}

schedule_runs() {
    mkdir -p "$SHARE_DIR"
    cp "$APP_DIR/archiver.py" "$APP_DIR/archiver.ini" "$SHARE_DIR/"
    runner="cd $SHARE_DIR && $VENV/bin/python archiver.py --once >/dev/null 2>&1"
    current=$(crontab -l 2>/dev/null | grep -v 'provenance-archiver' || true)
    {
        [ -n "$current" ] && printf '%s\n' "$current"
        echo "@reboot $runner # provenance-archiver"
        echo "*/20 * * * * $runner # provenance-archiver"
    } | crontab -
    info "archiver scheduled every 20 minutes"
}

check_prereqs
mkdir -p "$PHOTO_DIR"
make_venv
write_config
probe_store
schedule_runs
info "done - photos in $PHOTO_DIR will be archived to $STORE_URL"
