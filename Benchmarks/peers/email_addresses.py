"""Writes N seeded, mixed email addresses (valid and invalid for the various modes), one a line.

Usage: python3 email_addresses.py N SEED > addresses.txt
"""
import random
import sys

count, seed = int(sys.argv[1]), int(sys.argv[2])
rng = random.Random(seed)
letters = "abcdefghijklmnopqrstuvwxyz"
words = ["john", "jane", "doe", "smith", "info", "sales", "admin", "mail", "user", "contact", "support", "x"]
tlds = ["com", "org", "net", "io", "de", "co.uk", "museum", "company", "technology", "fr", "example"]
hosts = ["example", "mail", "gmail", "mx1.corp", "sub.domain", "xn--bcher-kva", "a-b-c", "localhost1"]


def word():
    return rng.choice(words) if rng.random() < 0.7 else "".join(rng.choice(letters) for _ in range(rng.randint(1, 12)))


def local():
    kind = rng.random()
    if kind < 0.55:
        return word()
    if kind < 0.75:
        return word() + rng.choice([".", "_", "-", "+"]) + word() + (str(rng.randint(1, 999)) if rng.random() < 0.3 else "")
    if kind < 0.80:
        return '"' + word() + " " + word() + '"'
    if kind < 0.85:
        return word() + "!#$%&'*/=?^`{|}~"[rng.randint(0, 15)] + word()
    if kind < 0.90:
        return word() + ".." + word()
    if kind < 0.93:
        return "δοκιμή" if rng.random() < 0.5 else "用户" + word()
    return "a" * rng.randint(60, 70)


def domain():
    kind = rng.random()
    if kind < 0.85:
        return rng.choice(hosts) + "." + rng.choice(tlds)
    if kind < 0.88:
        return "[" + ".".join(str(rng.randint(0, 300)) for _ in range(4)) + "]"
    if kind < 0.90:
        return "[IPv6:2001:db8::" + format(rng.randint(0, 65535), "x") + "]"
    if kind < 0.93:
        return rng.choice(hosts) + "-." + rng.choice(tlds)
    if kind < 0.96:
        return "例子.广告"
    return rng.choice(hosts) + ".." + rng.choice(tlds)


out = sys.stdout
for _ in range(count):
    kind = rng.random()
    if kind < 0.93:
        out.write(local() + "@" + domain() + "\n")
    elif kind < 0.96:
        out.write(word() + "." + rng.choice(tlds) + "\n")  # no @
    else:
        out.write(word() + " " + word() + "@" + domain() + "\n")  # space
