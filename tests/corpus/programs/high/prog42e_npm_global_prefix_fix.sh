#!/bin/sh
# Fix "EACCES: permission denied" when installing global npm CLIs on shared
# build agents. Hands the global node_modules tree and its bin shims to the
# build user so `npm install -g` works without root afterwards.
#
#   npm_global_prefix_fix.sh [-u USER] [-n]      (-n = dry run)
set -eu

TARGET_USER="$(id -un)"
DRY=0
while getopts "u:nh" opt; do
    case "$opt" in
        u) TARGET_USER="$OPTARG" ;;
        n) DRY=1 ;;
        h) sed -n '2,6p' "$0"; exit 0 ;;
        *) exit 64 ;;
    esac
done

say() { printf 'npm-prefix: %s\n' "$*"; }

run_root() {
    if [ "$DRY" -eq 1 ]; then
        say "(dry run) $*"
        return 0
    fi
    if [ "$(id -u)" -eq 0 ]; then
        "$@"
    elif command -v doas >/dev/null 2>&1; then
        doas "$@"
    else
        sudo "$@"
    fi
}

command -v npm >/dev/null 2>&1 || { say "npm not found"; exit 1; }

PREFIX="$(npm config get prefix)"
GROUP="$(id -gn "$TARGET_USER")"
say "global prefix is $PREFIX, target owner $TARGET_USER:$GROUP"

case "$PREFIX" in
    "$HOME"/*)
        say "prefix already inside \$HOME, nothing to do"
        exit 0
        ;;
    /usr|/usr/local|/opt/node*) ;;
    *)
        say "refusing to touch unexpected prefix $PREFIX"
        exit 2
        ;;
esac

# Directories npm writes to during `install -g`
DIRS="$PREFIX/lib/node_modules $PREFIX/bin $PREFIX/share/man/man1 $PREFIX/include/node"

for d in $DIRS; do
    if [ ! -e "$d" ]; then
        say "creating $d"
        run_root mkdir -p "$d"
    fi
done

# Only the node_modules tree is changed recursively; bin and man just get the
# directory itself plus the shims that point into node_modules.
run_root chown -R "$TARGET_USER:$GROUP" "$PREFIX/lib/node_modules"
run_root chown "$TARGET_USER:$GROUP" "$PREFIX/bin" "$PREFIX/share/man/man1" "$PREFIX/include/node"
for shim in "$PREFIX"/bin/*; do
    [ -L "$shim" ] || continue
    case "$(readlink "$shim")" in
        ../lib/node_modules/*) run_root chown -h "$TARGET_USER:$GROUP" "$shim" ;;
    esac
done
run_root chmod 0775 "$PREFIX/lib/node_modules" "$PREFIX/bin"

if [ "$DRY" -eq 0 ]; then
    if probe_dir="$(mktemp -d "$PREFIX/lib/node_modules/.probe.XXXX" 2>/dev/null)"; then
        rmdir "$probe_dir"
        say "OK: $PREFIX/lib/node_modules is writable by $(id -un)"
    else
        say "warning: still not writable by $(id -un)"
        exit 1
    fi
fi

say "done; npm install -g no longer needs root on this agent"
