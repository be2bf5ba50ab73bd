/** A side drawer as wide as the window allows, up to 720px. */
export const drawerWidth = () => Math.min(720, Math.max(360, window.innerWidth - 48))
