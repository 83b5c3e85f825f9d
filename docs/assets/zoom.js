// A click on a picture of hukm.svg shows it full size over the page; a click or Esc
// puts it back.
document.addEventListener("click", (event) => {
  const picture = event.target.closest("svg.hukm-picture");
  if (picture) picture.classList.toggle("hukm-zoomed");
});
document.addEventListener("keydown", (event) => {
  if (event.key !== "Escape") return;
  for (const picture of document.querySelectorAll("svg.hukm-picture.hukm-zoomed")) {
    picture.classList.remove("hukm-zoomed");
  }
});
