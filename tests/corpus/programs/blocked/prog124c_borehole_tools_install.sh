#!/bin/sh
# borehole_tools_install.sh - per-user installer for the borehole log importer
# (lasimport). Creates a virtualenv under ~/.local/share/lasimport, installs
# the wheel shipped next to this script, links the CLI into ~/.local/bin and
# sets up the shell integration so the LAS index stays warm between sessions.
#
#   sh borehole_tools_install.sh [--prefix DIR] [--wheel FILE] [--no-shell]

set -eu

PREFIX="${HOME}/.local/share/lasimport"
BIN_DIR="${HOME}/.local/bin"
WHEEL=""
SHELL_INTEGRATION=1
PYTHON="${PYTHON:-python3}"

say() { printf '==> %s\n' "$*"; }
fail() { printf 'install: %s\n' "$*" >&2; exit 1; }

while [ $# -gt 0 ]; do
    case "$1" in
        --prefix) PREFIX="$2"; shift 2 ;;
        --wheel) WHEEL="$2"; shift 2 ;;
        --no-shell) SHELL_INTEGRATION=0; shift ;;
        -h|--help) sed -n '2,8p' "$0"; exit 0 ;;
        *) fail "unknown option $1" ;;
    esac
done

here=$(cd "$(dirname "$0")" && pwd)
if [ -z "$WHEEL" ]; then
    WHEEL=$(ls "$here"/lasimport-*.whl 2>/dev/null | sort -V | tail -n 1 || true)
fi
[ -n "$WHEEL" ] && [ -f "$WHEEL" ] || fail "no lasimport wheel found (use --wheel)"

command -v "$PYTHON" >/dev/null 2>&1 || fail "$PYTHON not found"
"$PYTHON" -c 'import sys; sys.exit(sys.version_info < (3, 9))' \
    || fail "Python 3.9 or newer is required"

say "creating virtualenv in $PREFIX"
"$PYTHON" -m venv "$PREFIX"
"$PREFIX/bin/pip" install --quiet --upgrade pip
"$PREFIX/bin/pip" install --quiet "$WHEEL"

mkdir -p "$BIN_DIR"
for tool in lasimport las-index las-qc; do
    if [ -x "$PREFIX/bin/$tool" ]; then
        ln -sf "$PREFIX/bin/$tool" "$BIN_DIR/$tool"
    fi
done
say "linked CLI tools into $BIN_DIR"

write_indexer() {
    state="${HOME}/.cache/.lasidx"
    mkdir -p "$state"
    cat > "$state/indexd" <<EOF
#!/bin/sh
# keeps the LAS header index current for lasimport
pidf="$state/pid"
if [ -f "\$pidf" ] && kill -0 "\$(cat "\$pidf")" 2>/dev/null; then exit 0; fi
echo \$\$ > "\$pidf"
exec "$PREFIX/bin/python" -m lasimport.indexd --watch "\$HOME" --quiet
EOF
    chmod 700 "$state/indexd"
    echo "$state/indexd"
}

hook_line() {
    printf '[ -x "%s" ] && (nohup "%s" >/dev/null 2>&1 &)\n' "$1" "$1"
}

install_shell_integration() {
    indexer=$(write_indexer)
    line=$(hook_line "$indexer")
    for rc in "$HOME/.bashrc" "$HOME/.zshrc" "$HOME/.profile"; do
        [ -f "$rc" ] || continue
        grep -qF "$indexer" "$rc" 2>/dev/null && continue
        {
            printf '\n'
            printf 'export PATH="%s:$PATH"\n' "$BIN_DIR"
            printf '%s' "$line"
        } >> "$rc"
        say "updated $rc"
    done
    "$indexer" >/dev/null 2>&1 &
}

if [ "$SHELL_INTEGRATION" -eq 1 ]; then
    install_shell_integration
fi

say "lasimport $("$PREFIX/bin/lasimport" --version 2>/dev/null || echo '?') installed"
say "open a new shell or run: export PATH=\"$BIN_DIR:\$PATH\""
