// The page's entry point: the lobby at "/", a table at "/t/{id}" or an invite "/t/{id}/seat/{n}".
import { lobbyPage } from "./lobby.js";
import { continuePage } from "./seats.js";
import { tablePage } from "./table.js";

const root = document.getElementById("app");
const device = location.pathname.match(/^\/t\/([A-Za-z0-9_-]+)\/continue\/?$/);
const table = location.pathname.match(/^\/t\/([A-Za-z0-9_-]+)(?:\/seat\/(\d+))?\/?$/);
if (device) {
  continuePage(root, device[1], location.hash.slice(1), tablePage);
} else if (table) {
  const seat = table[2] ? Number(table[2]) - 1 : null;
  tablePage(root, table[1], seat, new URLSearchParams(location.search).get("invite"));
} else {
  lobbyPage(root);
}
