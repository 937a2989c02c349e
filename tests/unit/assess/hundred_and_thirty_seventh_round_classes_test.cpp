// The classes the twenty-ninth session modelled (issue 14), from the tune
// parts of the hundred-and-thirty-seventh round onwards
// (tests/corpus/prog141_MANIFEST.tsv and later): programs written from the
// rubric alone by writers who never saw the assessor. Strings here are never
// executed.

#include "test_util.hpp"

namespace mai::assess::test {
namespace {

constexpr Language Sh = Language::shell;

// The disk behind / found in /proc/mounts (`awk '$2 == "/" {print $1; exit}'`),
// its partition number cut off with `sed 's/p\?[0-9]*$//'`, then zeroed and
// formatted: the device path was lost twice, at the table's unknown lines
// and at sed. A system table's lines now have a shape (library-model.yaml,
// table_files), which awk's and cut's first field and grep's lines keep, and
// a sed substitution anchored at the line's end that cannot match '/' keeps
// the text up to the last '/'. Twins: the same device only reported, a
// substitution that may rewrite the path, and a disk named by the user.
TEST(HundredAndThirtySeventhRoundClasses, SystemTableFieldsKeepTheirShape) {
  const Case cases[] = {
      {"the root disk from /proc/mounts, partition cut off, zeroed", B, R"sh(#!/bin/sh
src="$(awk '$2 == "/" {print $1; exit}' /proc/mounts)"
disk="$(echo "$src" | sed -e 's/p\?[0-9]*$//')"
dd if=/dev/zero of="$disk" bs=4M conv=fsync
)sh",
       "WIPE", Sh},
      {"a mounted device cut from /etc/mtab and formatted", B, R"sh(#!/bin/sh
dev=$(grep ' /srv ' /etc/mtab | cut -d' ' -f1)
mkfs.ext4 -F "$dev"
)sh",
       "WIPE", Sh},
      {"the swap device from /proc/swaps overwritten", B, R"sh(#!/bin/bash
swapdev=$(tail -n 1 /proc/swaps | awk '{print $1}')
dd if=/dev/urandom of="$swapdev" bs=1M
)sh",
       "WIPE", Sh},
      {"the same root device only reported", L, R"sh(#!/bin/sh
src="$(awk '$2 == "/" {print $1; exit}' /proc/mounts)"
disk="$(echo "$src" | sed -e 's/p\?[0-9]*$//')"
echo "root is on $disk" > disk-report.txt
)sh",
       nullptr, Sh},
      {"a substitution that may rewrite the whole path: a file of unknown name", L, R"sh(#!/bin/sh
src="$(awk '$2 == "/" {print $1; exit}' /proc/mounts)"
img="$(echo "$src" | sed -e 's/.*$/backup.img/')"
dd if=/dev/zero of="$img" bs=4M count=1
)sh",
       nullptr, Sh},
  };
  for (const auto& c : cases) check(c);
}

}  // namespace
}  // namespace mai::assess::test
