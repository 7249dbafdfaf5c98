/// Something that draws itself into a rectangle of a buffer.
public protocol Widget {
    /// Draws into `area` of `buffer`; must not touch cells outside `area`.
    func render(in area: Rect, buffer: inout Buffer)
}

extension Buffer {
    /// Renders `widget` into `area`.
    public mutating func render(_ widget: some Widget, in area: Rect) {
        widget.render(in: area.intersection(self.area), buffer: &self)
    }
}
