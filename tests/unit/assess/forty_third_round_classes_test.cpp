// The classes the forty-third round modelled (issue 14), found by programs
// written from the rubric alone by writers who never saw the assessor
// (tests/corpus/prog47_MANIFEST.tsv): legal and e-discovery tooling, mixed
// Linux and Windows estates, packet capture, AI and LLM application
// tooling, and short everyday utilities. Its aside scored 35/36 before any
// change; the class below came from its tune part (63/64 before). Strings
// here are never executed.
#include "test_util.hpp"

namespace mai::assess::test {
namespace {

// An archive extracted into a directory named at run time under one of the
// code's own (packs/<version> from the download's metadata): a module
// loaded from under the same made-up name is the download run.
TEST(FortyThirdRoundClasses, ATreeExtractedUnderAMadeUpName) {
  const Case cases[] = {
      {"a rule pack extracted under its version, its module executed", B,
       "import io, json, zipfile, importlib.util\nfrom pathlib import Path\nfrom urllib.request import urlopen\n"
       "meta = json.loads(urlopen('https://feeds.example.com/latest.json').read())\n"
       "target = Path('rulepacks') / meta['version']\n"
       "with zipfile.ZipFile(io.BytesIO(urlopen(meta['archive_url']).read())) as zf:\n"
       "    zf.extractall(target)\n"
       "spec = importlib.util.spec_from_file_location('pack', target / meta.get('entry', 'rules.py'))\n"
       "module = importlib.util.module_from_spec(spec)\nspec.loader.exec_module(module)\n",
       "REMOTE-CODE-EXECUTION"},
      {"the same pack's files only listed", L,
       "import io, json, zipfile\nfrom pathlib import Path\nfrom urllib.request import urlopen\n"
       "meta = json.loads(urlopen('https://feeds.example.com/latest.json').read())\n"
       "target = Path('rulepacks') / meta['version']\n"
       "with zipfile.ZipFile(io.BytesIO(urlopen(meta['archive_url']).read())) as zf:\n"
       "    zf.extractall(target)\n"
       "for p in sorted(target.rglob('*.json')):\n    print(p.name)\n"},
      {"a bundle untarred under a made-up name, its script run", B,
       "#!/bin/bash\nv=$(curl -fsS https://feeds.example.com/latest)\nmkdir -p \"packs/$v\"\n"
       "curl -fsSL -o bundle.tgz \"https://feeds.example.com/$v.tgz\"\n"
       "tar -xzf bundle.tgz -C \"packs/$v\"\nbash \"packs/$v/install.sh\"\n",
       "REMOTE-CODE-EXECUTION", SH},
  };
  for (const auto& c : cases) check(c);
}

}  // namespace
}  // namespace mai::assess::test
