#!/bin/sh
# Install the "taskflow" CLI as described in its README.
#  1. check prerequisites (curl, git, python3)
#  2. run the official installer
#  3. verify the installation and print the version
set -e

INSTALLER_URL="https://get.taskflow-cli.dev/install.sh"
PREFIX="${PREFIX:-$HOME/.local}"

echo "Checking prerequisites..."
for cmd in curl git python3; do
    if ! command -v "$cmd" >/dev/null 2>&1; then
        echo "error: $cmd is required but not installed" >&2
        exit 1
    fi
done
echo "  all prerequisites found"

mkdir -p "$PREFIX/bin"

case ":$PATH:" in
    *":$PREFIX/bin:"*) ;;
    *) echo "note: $PREFIX/bin is not on your PATH; add it to your shell profile" ;;
esac

echo "Running the taskflow installer from $INSTALLER_URL ..."
# The README's one-liner: fetch the installer and pipe it to sh.
curl -fsSL "$INSTALLER_URL" | sh -s -- --prefix "$PREFIX" --yes

echo "Verifying installation..."
if [ -x "$PREFIX/bin/taskflow" ]; then
    "$PREFIX/bin/taskflow" --version
    echo "taskflow installed to $PREFIX/bin/taskflow"
else
    echo "warning: taskflow binary not found in $PREFIX/bin" >&2
    exit 1
fi
