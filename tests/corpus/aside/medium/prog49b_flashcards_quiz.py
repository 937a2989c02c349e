# flashcard quiz for my spanish vocab test
# saves how well I know each word so it asks the hard ones more
import os
import random
import pickle as pk
import time

SAVE = "progress.dat"
WORDS_FILE = "words.txt"

words = {}
scores = {}
streak = 0
best_streak = 0
asked = 0
right = 0

# read words, format is: spanish = english
try:
    f = open(WORDS_FILE, encoding="utf-8")
    for line in f:
        if "=" in line:
            a, b = line.split("=", 1)
            words[a.strip()] = b.strip()
    f.close()
except:
    print("no words.txt, using default words")
    words = {"perro": "dog", "gato": "cat", "casa": "house", "libro": "book",
             "manzana": "apple", "agua": "water", "rojo": "red", "coche": "car"}

print("DEBUG loaded", len(words), "words")

# load old progress
if os.path.exists(SAVE):
    try:
        fh = open(SAVE, "rb")
        saved = pk.load(fh)
        fh.close()
        scores = saved["scores"]
        best_streak = saved["best"]
        print("welcome back! best streak so far:", best_streak)
    except:
        print("save file broken, starting over")
        scores = {}

for w in words:
    if w not in scores:
        scores[w] = 0

os.system("clear")
print("=== FLASHCARDS === (type q to quit)")

while True:
    # words with low score come up more often
    pool = []
    for w in words:
        weight = 5 - scores[w]
        if weight < 1:
            weight = 1
        for i in range(weight):
            pool.append(w)
    word = random.choice(pool)
    ans = input("what is '" + word + "' in english? ").strip().lower()
    if ans == "q":
        break
    asked = asked + 1
    if ans == words[word].lower():
        print("correct!!")
        right = right + 1
        streak = streak + 1
        scores[word] = scores[word] + 1
        if streak > best_streak:
            best_streak = streak
            print("NEW BEST STREAK:", best_streak)
    else:
        print("nope, it was:", words[word])
        streak = 0
        scores[word] = scores[word] - 1
        if scores[word] < -3:
            scores[word] = -3
    time.sleep(0.5)
    if asked % 10 == 0:
        os.system("clear")
        print("you have done", asked, "questions")

# save progress
try:
    fh = open(SAVE, "wb")
    pk.dump({"scores": scores, "best": best_streak}, fh)
    fh.close()
    print("progress saved")
except:
    print("could not save progress")

if asked > 0:
    print("score:", right, "/", asked, "=", round(100 * right / asked), "%")
hardest = sorted(scores, key=lambda k: scores[k])[:3]
print("practice these:", ", ".join(hardest))
