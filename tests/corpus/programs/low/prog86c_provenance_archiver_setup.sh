#!/bin/sh
# provenance_archiver_setup.sh - set up the provenance photo archiver on a
# cataloguer's workstation.
#
# Creates a virtualenv next to the archiver, installs its requirements,
# writes a starter archiver.ini and checks that the photo store answers.
#
# usage: ./provenance_archiver_setup.sh [photo_dir]

set -eu

APP_DIR=$(cd "$(dirname "$0")" && pwd)
PHOTO_DIR=${1:-"$APP_DIR/photos"}
STORE_URL=${PROVENANCE_STORE_URL:-"https://photostore.hollisgate.internal"}
PYTHON=${PYTHON:-python3}
VENV="$APP_DIR/.venv"

info() { echo "[setup] $*"; }
fail() { echo "[setup] error: $*" >&2; exit 1; }

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

print_next_steps() {
    cat <<EOF
[setup] to archive a photo session run:
    cd $APP_DIR && .venv/bin/python archiver.py --once
EOF
}

check_prereqs
mkdir -p "$PHOTO_DIR"
make_venv
write_config
probe_store
print_next_steps
info "done - photos in $PHOTO_DIR will be archived to $STORE_URL"
