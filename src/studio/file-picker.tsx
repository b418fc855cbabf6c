/** A labelled file input for a JSON file (a flow or a persona), handing the chosen file on. */
export function JsonFilePicker({ label, onFile }: { label: string; onFile: (file: File) => void }) {
  return (
    <label className="file">
      {label}
      <input
        type="file"
        accept="application/json,.json"
        onChange={(e) => {
          const file = e.currentTarget.files?.[0];
          if (file) onFile(file);
        }}
      />
    </label>
  );
}
