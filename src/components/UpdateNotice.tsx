import './UpdateNotice.css';

export type UpdateNoticeProps = {
  /** The player chose to run the new version now. */
  onReload: () => void;
};

/** Tells the player a new version is ready; it starts only when they choose Reload. */
export function UpdateNotice({ onReload }: UpdateNoticeProps) {
  return (
    <div className="update-notice" role="status">
      <p className="update-notice__text">A new version is available</p>
      <button type="button" className="update-notice__reload" onClick={onReload}>
        Reload
      </button>
    </div>
  );
}
