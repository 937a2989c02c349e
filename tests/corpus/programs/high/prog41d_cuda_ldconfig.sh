#!/bin/sh
# Register a side-by-side CUDA toolkit with the dynamic linker and expose
# its tools on the default PATH. Meant to run as root from the image build.
set -eu

CUDA_VERSION="${1:-12.4}"
CUDA_HOME="/opt/cuda-${CUDA_VERSION}"
LDCONF="/etc/ld.so.conf.d/cuda-${CUDA_VERSION}.conf"
BIN_LINK_DIR="/usr/local/bin"
LIB_LINK_DIR="/usr/local/lib"
TOOLS="nvcc cuobjdump nvdisasm ptxas"

say() { printf 'cuda-ldconfig: %s\n' "$*"; }

if [ "$(id -u)" -ne 0 ]; then
    say "must be run as root" >&2
    exit 1
fi

if [ ! -x "$CUDA_HOME/bin/nvcc" ]; then
    say "no toolkit at $CUDA_HOME" >&2
    exit 1
fi

detect_libdir() {
    for cand in "$CUDA_HOME/lib64" "$CUDA_HOME/targets/x86_64-linux/lib"; do
        if [ -d "$cand" ]; then
            echo "$cand"
            return 0
        fi
    done
    return 1
}

LIBDIR="$(detect_libdir)" || { say "cannot find CUDA lib dir"; exit 1; }
say "toolkit $CUDA_VERSION, libraries in $LIBDIR"

# Linker configuration
cat > "$LDCONF" <<CONF
# managed by cuda-ldconfig.sh, CUDA ${CUDA_VERSION}
${LIBDIR}
${CUDA_HOME}/extras/CUPTI/lib64
CONF
chmod 0644 "$LDCONF"
say "wrote $LDCONF"

# Tool links
for tool in $TOOLS; do
    if [ -x "$CUDA_HOME/bin/$tool" ]; then
        ln -sfn "$CUDA_HOME/bin/$tool" "$BIN_LINK_DIR/$tool"
        say "linked $tool"
    fi
done

# Convenience link used by older build scripts
ln -sfn "$CUDA_HOME" /usr/local/cuda
for lib in libcudart.so libcublas.so; do
    if [ -e "$LIBDIR/$lib" ]; then
        ln -sfn "$LIBDIR/$lib" "$LIB_LINK_DIR/$lib"
    fi
done

ldconfig
if ldconfig -p | grep -q "libcudart.so"; then
    say "libcudart is visible to the loader"
else
    say "warning: libcudart not found in ld cache" >&2
fi

"$BIN_LINK_DIR/nvcc" --version | tail -n 1
say "done"
