"""The tensors and masks the adapters hand out over seeded random playouts, pinned by digest.

Each adapter's observation path may keep parts of the tensor between calls (per seat, per
configuration) to make them cheaply; what it hands out must stay exactly what a fresh encoding
of the state gives, bit for bit, or saved models and data sets would silently change meaning.
So every configuration plays one seeded game (at most ``DECISIONS`` decisions) through
PettingZoo (every seat's observation and mask after every step), Gymnasium (the one-seat
configurations: observation, ``info["action_mask"]`` and ``action_masks()``) and OpenSpiel
(``observation_tensor`` of every seat, and a ``make_py_observer`` tensor of an earlier clone, so
that states of one configuration interleave), and the SHA-256 of all the arrays' bytes, in
order, must equal the digest recorded in ``DIGESTS`` (made with the encodings as they were
before the adapters kept anything between calls). Beside it the same tensors are compared with
``encode_state`` into a fresh zero buffer, so a failure says which path went wrong.

``python tests/rl/test_tensor_digests.py`` prints the digests of the code as it is (to record
them again only when an encoding is meant to change).
"""

from __future__ import annotations

import hashlib
import random
from typing import Any

import numpy as np
import pytest
from rl_cases import CONFIGS, needs_encoding

from fourfeathers.core import game_spec, make
from fourfeathers.core.encoding import encoding_for, float32
from fourfeathers.rl.common import configurations, writable

DECISIONS = 150
"""Decisions per playout (or the whole game if shorter)."""


def fresh(game: Any, state: Any, player: int) -> np.ndarray:
    """``encode_state`` of ``state`` for ``player`` into a fresh zero buffer."""
    enc = encoding_for(game)
    out = np.zeros(int(np.prod(enc.observation_shape)), np.float32)
    enc.encode_state(state, player, out)
    return out


def pettingzoo_digest(game_id: str, config: dict[str, Any]) -> str:
    from fourfeathers.rl.pettingzoo import env

    digest = hashlib.sha256()
    e = env(game_id, **config)
    e.reset(seed=11)
    rng = random.Random(5)
    for _ in range(DECISIONS):
        for agent in e.agents:
            observation = e.observe(agent)
            assert np.array_equal(
                observation["observation"].ravel(),
                fresh(e.game, e.game_state, e.possible_agents.index(agent)),
            ), f"PettingZoo observation of {agent}"
            digest.update(observation["observation"].tobytes())
            digest.update(observation["action_mask"].tobytes())
        observation, _, terminated, truncated, _ = e.last()
        if terminated or truncated:
            break
        e.step(rng.choice(np.flatnonzero(observation["action_mask"]).tolist()))
    return digest.hexdigest()


def gymnasium_digest(game_id: str, config: dict[str, Any]) -> str:
    from fourfeathers.rl.gymnasium import FeathersSoloEnv

    digest = hashlib.sha256()
    e = FeathersSoloEnv(game_id, **config)
    observation, info = e.reset(seed=11)
    rng = random.Random(5)
    for _ in range(DECISIONS):
        assert np.array_equal(observation.ravel(), fresh(e.game, e.game_state, 0))
        digest.update(observation.tobytes())
        digest.update(info["action_mask"].tobytes())
        digest.update(e.action_masks().tobytes())
        if e.game_state.is_terminal():
            break
        action = rng.choice(np.flatnonzero(info["action_mask"]).tolist())
        observation, _, _, _, info = e.step(action)
    return digest.hexdigest()


def openspiel_digest(game_id: str, config: dict[str, Any]) -> str:
    fos = pytest.importorskip("fourfeathers.rl.openspiel")
    game = fos.load(game_id, **config)
    observer = game.make_py_observer()
    digest = hashlib.sha256()
    state = game.new_initial_state()
    for digit in (0, 3, 7, 11):
        state.apply_action(digit)
    rng = random.Random(5)
    earlier = [state.clone()]
    for _ in range(DECISIONS):
        if state.is_terminal():
            break
        for player in range(game.num_players()):
            tensor = np.asarray(state.observation_tensor(player), np.float32)
            engine = state._play.state
            assert np.array_equal(tensor, fresh(engine.game, engine, player)), "OpenSpiel"
            digest.update(tensor.tobytes())
        old = rng.choice(earlier)
        player = rng.randrange(game.num_players())
        observer.set_from(old, player)
        digest.update(observer.tensor.tobytes())
        state.apply_action(rng.choice(state.legal_actions()))
        earlier.append(state.clone())
    return digest.hexdigest()


def digests(game_id: str, config: dict[str, Any]) -> dict[str, str]:
    """The digests of one configuration: PettingZoo, Gymnasium (one seat only), OpenSpiel."""
    found = {"pettingzoo": pettingzoo_digest(game_id, config)}
    if make(game_id, **config).num_players == 1:
        found["gymnasium"] = gymnasium_digest(game_id, config)
    found["openspiel"] = openspiel_digest(game_id, config)
    return found


def key(game_id: str, config: dict[str, Any]) -> str:
    """The key of a configuration in ``DIGESTS``: ``<game id>/<its index in the game's
    configurations>``."""
    return f"{game_id}/{game_spec(game_id).configurations.index(config)}"


DIGESTS: dict[str, dict[str, str]] = {
    "familiar-feat/0": {
        "pettingzoo": "0e566d278515f699353309968d76d2ae22865ae28aef8157d10947c2796d5beb",
        "gymnasium": "a2903957aab7157e3614746d8d600fe7692a521395f42f5d0085637f0e27fcd7",
        "openspiel": "488c20ec388d0b4e11a602514c3411730603acc7a5397a1d91640a67f605f5f6",
    },
    "familiar-feat/1": {
        "pettingzoo": "7e0886b2ebe41e284801c268f30ddca2723ef0ad68b28144f9e7afd89df4d876",
        "gymnasium": "bee389ae883c61f276353b083c1a2fe22d53aa87d26d14424180ebee964eceb7",
        "openspiel": "c57eb7445de185b2e6541980b7f2e250712d9ef897efcf6157e74bb0b34fee44",
    },
    "familiar-feat/2": {
        "pettingzoo": "ce5dcf5d074910185739645d6cbae3a3bd9ab65e6c232ade135289d65b18029a",
        "gymnasium": "47227028a02bbd05856b70c92602de7d32f29b795e01c24adfedb6358f834673",
        "openspiel": "27fffbd7134f4fc86cb552824c7a77a908f289bba007a667bd5a66e5993dddea",
    },
    "familiar-feat/3": {
        "pettingzoo": "61c95060afa9c327c21f75f8d030598f05cbb4a488751afc7d31207e94e22c72",
        "gymnasium": "2e87969754588da956c7427af2a99900780063af4e6123a1e4cd82e995b6c2cd",
        "openspiel": "64c2042a0832d26c2b3f2f1a7631f4c1e55b4c36ab6e69bebb3a143e85b4272b",
    },
    "familiar-feat/4": {
        "pettingzoo": "f3b364e89f82d16015fe28807768a6afcc622fe5a008fe38aac9e35586e5958e",
        "gymnasium": "0cd33cef4722adbe9d6854bd5a86a0d657f937abaa3520d027e4031c31bf7e3c",
        "openspiel": "e8c18a3c6bff82b8657251f94aab86b19a25970adebb47743497f4b91953c370",
    },
    "familiar-feat/5": {
        "pettingzoo": "15f4933e1b4581036414b8f4248e00ccd4d9036bea1c281974452b2665f10e18",
        "gymnasium": "b3efd05035b1b9e639fc73af0e35e64c9c8f467e536e2e439a9a73cefe093f30",
        "openspiel": "90182592cc9466009dd25118d72a771860c584bf2de3d99f047004612d28bc79",
    },
    "familiar-feat/6": {
        "pettingzoo": "d40acb33f09a1e731adfd9588e13571637e0d5329d88462235696a5440f2517b",
        "gymnasium": "389454850ddf2cd75fb799fa5dc71461ea4405f6de61734060207278ce2c9831",
        "openspiel": "42fc83a85b9f306fcf49af486639105dce214ac3ff7fa9a3888c96b7a5ef07f3",
    },
    "familiar-feat/7": {
        "pettingzoo": "15246431ab197de6b4d6ad597bdc6e0b34b6d96796bec4c48fbc1f5cef1ccdea",
        "gymnasium": "612e8a7de8fdb1d535d722de46b6c96b7038d1a89044dce180de5e0bf29b3983",
        "openspiel": "db8712864b0167e1fa5cfbc6d7cf0294dc3d83bdae4476fad7abdea01438c545",
    },
    "familiar-feat/8": {
        "pettingzoo": "2f79f2f47849e791477ad5fa028a575784899b96cd31aab2396ef10cf863a3a9",
        "gymnasium": "c615834e22feb6f401842562743447c5211b31c9925f76a4d054d7d5192cdd3d",
        "openspiel": "fe89cff6558d45de1ec133b71b82eae27c24f59d498e53e8f724df8add5e921f",
    },
    "familiar-feat/9": {
        "pettingzoo": "61c95060afa9c327c21f75f8d030598f05cbb4a488751afc7d31207e94e22c72",
        "gymnasium": "2e87969754588da956c7427af2a99900780063af4e6123a1e4cd82e995b6c2cd",
        "openspiel": "64c2042a0832d26c2b3f2f1a7631f4c1e55b4c36ab6e69bebb3a143e85b4272b",
    },
    "fancy-feathers/0": {
        "pettingzoo": "0c1728a9c83d917597284b301c37b30a67fc8af94d3739da8dd85d046b1a2971",
        "openspiel": "24ebb5b20f1ea7792cf470812770f4429fd01617d71c250131654623a047fdc9",
    },
    "fancy-feathers/1": {
        "pettingzoo": "a2fd99d026a32584c5c62c1f36bc593b3f7bb67df0f5e07731ec26f6126b1082",
        "openspiel": "3b4874daea449c5af35c8dda98454c3bf8b4f24b5ecde510b5cf472c3a910992",
    },
    "fancy-feathers/2": {
        "pettingzoo": "c0854a045512bef0f6444894b791b90c69dbb9b343a03cbf4ccb770911aff1ba",
        "openspiel": "74ea6789df8cef93e2f825f52a46ebfc20d824cc17f772061a102a55ffa1b716",
    },
    "fancy-feathers/3": {
        "pettingzoo": "d89a33e2aca7bbe6e415d473a9ccd7874cfdae92407d48bc0a496dac4ad62ed1",
        "openspiel": "05f8fefb01e3cc45dc37a8210ea6ed79463e3a34b939b4e9c9758fbe3406d11f",
    },
    "fancy-feathers/4": {
        "pettingzoo": "f18fdd31b4f782cfa3192f9c3e5d15c4a82c5c36b823b339cdd14cd8a21dcb5e",
        "openspiel": "d92db02f41b0ce3aa1556e0f0a1a57bf4237515e5e1378a2d288ee9c799d6655",
    },
    "fancy-feathers/5": {
        "pettingzoo": "64aed3d7abb93d3118e1a527d3a53104ff028624d79af6cc66e81f5bd5ff5da0",
        "openspiel": "0c5a58f1ee3a53b815f917091c518fb7e9713747deb4df71fd67df6da96a46b8",
    },
    "fancy-feathers/6": {
        "pettingzoo": "ed95e19fed1d9a59b7b312c56b3c461d9689e4d162b8949b3d8fe4fbfc4d8d70",
        "openspiel": "886a02931f8fe31a90e5b5cb91938fb1393792dbbf1311d9306e5b4f1f8edd93",
    },
    "fancy-feathers/7": {
        "pettingzoo": "345de4019ba9df4475c397eec3d8209a08b11755d72f8920d001620f9079fc12",
        "openspiel": "b349475e56e3d986dbe9316ed0490dc23ef6e8a8eb23312f2a90041fea6cffd6",
    },
    "featherlight/0": {
        "pettingzoo": "50f3ba28e0a098730cf154a7af279db309e5fcc3c6c57e8ce4f2f331fc7d4dc1",
        "gymnasium": "b1ec4542fb868b75aaee20046100e3d10242e740db7def956315ff036da07e57",
        "openspiel": "2e2645f2485e3b68968dd906833c3c28b761b64046c72c7f207c1acd076acf80",
    },
    "featherlight/1": {
        "pettingzoo": "9ad28150173638055dca13dd2254800a8979ccb0e9f966d90eb68ef8c3c9d6d7",
        "openspiel": "48f4d1f36f5504c29c612cce3370ccfb26bef4593d3fa0dd318c80d50c5d3751",
    },
    "featherlight/2": {
        "pettingzoo": "acf40b4a05c881b4313f60cae5852e1fc32fa96e89a8846ab02ca354b5b31998",
        "openspiel": "6085ead4b0159d4547f0c6e57465f837b6dc1df8fcea6a13e963766b8241f437",
    },
    "featherlight/3": {
        "pettingzoo": "b6b465901bde7f6a2c726c100620d7a3153d56626f4a25ba10e5ab6069bf523e",
        "openspiel": "8327bd454e694db6b97777c68caf044c1fc71554b5428deced1bd547bbce948a",
    },
    "featherlight/4": {
        "pettingzoo": "11a47ef92eb3624ea61903934b1c2d63b700c5a93c50f33f299df8b82aeffad7",
        "gymnasium": "0bd7a7adaa8932263e073172e919395ca57e5aa448e877ae60c73739fd43b172",
        "openspiel": "611fb4574becea270b419f8c79e9ad46a50c02d51ad9a5dc205fcfed94b198f0",
    },
    "featherlight/5": {
        "pettingzoo": "1f026342390ef15399970ffdf3de4d91189a77d30361b466c7577e6141bf8d59",
        "openspiel": "57c078ade827d014613bc7424365db96d96962dd4f07a88e9b43e756fc20581b",
    },
    "isle-of-feathers/0": {
        "pettingzoo": "aaa0f3d882b1003dd4fab63902aa6883fc8f94239151f4bab9a630ffb7c7d92a",
        "openspiel": "7c9dd8965dc8e6697d918497a4f89d445a44b9412f1c8097439b508fc55d9ac0",
    },
    "isle-of-feathers/1": {
        "pettingzoo": "877289277b41af8ee6225d4e05ccb8385d82653b8318a803443a62f0b6b3fe31",
        "openspiel": "915b5d7dd3f38f4e595066694fb3c94ae645cb9c4b0aef8a35255ff912dc3e04",
    },
    "isle-of-feathers/2": {
        "pettingzoo": "7b06078ead801b1195a2cfe38ce75575c48cf54a76d4bc5942a06501758d9ff1",
        "openspiel": "e20c9bc8d75c70b7edb14c31e307d3051d0a91b52c8c9b863c6c3cd65f28d65b",
    },
    "isle-of-feathers/3": {
        "pettingzoo": "3f06e17bab95c8c1c9c2e75904ddf00b18ada222733e397cffc5017c34508896",
        "gymnasium": "d37bbe400f5a46f081bda25156f7bbeb01344966672d50b773bba2a88079f976",
        "openspiel": "b8d2151a3aed94b25f3c339773645e55c01ec8260625eeb3744bda031268e4a5",
    },
    "isle-of-feathers/4": {
        "pettingzoo": "3f06e17bab95c8c1c9c2e75904ddf00b18ada222733e397cffc5017c34508896",
        "gymnasium": "d37bbe400f5a46f081bda25156f7bbeb01344966672d50b773bba2a88079f976",
        "openspiel": "9a8e0d4649a15bdfc00c871e64d50f11ec94501c398ef22b08051f31466751b4",
    },
    "isle-of-feathers/5": {
        "pettingzoo": "354e003dab0b39a8c43e691e37e6ff88c8ffeeeb4eef78b243203a58a70eb76d",
        "gymnasium": "dd7a39e08ccf112c87b75019d671b1bc45bcb52ccd4b03041ddfdeecce6d8b7c",
        "openspiel": "eab36234d534a09e9b26c30444d9e1cab6bc1946f98a732c12c4add0a6a6952b",
    },
    "isle-of-feathers/6": {
        "pettingzoo": "648c865b2532204efa3dda1855d1b23946a65cd53eaa0d3c2f29f5cb5837cce3",
        "gymnasium": "d5032429b63f73b82d5dffcbce5865654233e1eec1871312813b469230fe6ac5",
        "openspiel": "31532d5546ad9753c5e5de59e22f2afa6c454051105e8910b3f296ae8c8482d5",
    },
    "isle-of-feathers/7": {
        "pettingzoo": "f2e503e8595d562257d46110432cf66c126dd84a6718296f01fb2e1ac4058556",
        "openspiel": "f25c9cf3f189ba8be76f913ec56e45206edce02c5686f22e644a20d64f47a451",
    },
    "isle-of-feathers/8": {
        "pettingzoo": "5fd38b184f32408d43ede808226363f0e38d9a08182c9f27205172f7b3ddcc37",
        "gymnasium": "1698c8044238df80624ec569b6c2fcdd7a88a4d2195aa48a0aac3a7681dd6cf1",
        "openspiel": "bc1818de542c7e47d355a47f408dd93d60bfcdbd42f15b0b4fbfa72ca8612dd6",
    },
}
"""``key`` -> adapter -> digest (recorded before the adapters kept anything)."""


@pytest.mark.parametrize("case", CONFIGS)
def test_tensors_and_masks_are_unchanged(case: tuple[str, dict[str, Any]]) -> None:
    game_id, config = case
    needs_encoding(game_id)
    expected = DIGESTS[key(game_id, config)]
    assert digests(game_id, config) == expected


if __name__ == "__main__":
    print("DIGESTS: dict[str, dict[str, str]] = {")
    for spec, config in configurations():
        if spec.part("encoding") is None:
            continue
        print(f"    {key(spec.id, config)!r}: {digests(spec.id, config)!r},")
    print("}")


def test_float32_increments_sum_in_a_memoryview_as_in_numpy() -> None:
    """Three Birds of one colour add 1/13 three times to one entry: numpy rounds the increment
    to float32 before each addition, a memoryview adds in double and rounds the sum, so the
    encodings (which write through a memoryview, ``rl.common.writable``) round their increments
    with ``float32`` first and then agree with numpy to the bit."""
    in_numpy = np.zeros(1, np.float32)
    raw, rounded = np.zeros(1, np.float32), np.zeros(1, np.float32)
    raw_view, rounded_view = writable(raw), writable(rounded)
    for _ in range(3):
        in_numpy[0] += 1 / 13
        raw_view[0] += 1 / 13
        rounded_view[0] += float32(1 / 13)
    assert raw[0] != in_numpy[0]  # why the rounding is needed
    assert rounded[0] == in_numpy[0]
